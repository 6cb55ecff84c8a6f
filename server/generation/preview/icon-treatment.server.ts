import type { DetailLevel } from "#domain/images";
import type { IconDrawing, IconKind } from "./icon-sets.server";

/**
 * How every image of a style redraws its icon, read from the style's words once: the same for
 * each subject, so a set looks like a set whichever libraries its subjects came from.
 */
export interface Treatment {
  mode: "flat" | "line";
  /** Outline around the whole icon, as a share of the icon's box (0: none). */
  outline: number;
  /** Line icons' stroke, in a 24-unit box (Tabler draws at 2). */
  lineWeight: number;
  shading: "flat" | "soft";
  /** Pixel art: a light from the top left at every detail, so a sprite has its shades. */
  pixel: boolean;
  /** Line art with one shape filled in the palette's accent ("a single coral accent fill"). */
  accentFill: boolean;
  /** Line art standing on a short broken ground line. */
  groundLine: boolean;
  /**
   * Which of the palette's colours take the main roles: 0 as the style says, 1, 2… the same icon
   * in the palette's other colours (a variation once an object has every drawing of its subject).
   */
  tint: number;
  shadow: "ground" | "drop" | "none";
  tile: boolean;
  /** Space around the icon (or its tile), as a share of the image's short side. */
  padding: number;
  /** The style's colours, darkest first: icons are recoloured to them by lightness. */
  palette: string[];
}

export function luminance(hex: string): number {
  const n = parseInt(hex.slice(1), 16);
  return 0.2126 * ((n >> 16) & 0xff) + 0.7152 * ((n >> 8) & 0xff) + 0.0722 * (n & 0xff);
}

/**
 * The colours a style's words allow, darkest first: two tones for "duotone" (the darkest and the
 * one farthest from it in lightness), one for "monochrome" or "one colour", else the palette.
 */
function tonesOf(text: string, palette: string[]): string[] {
  if (palette.length <= 1) return palette;
  if (/\b(monochrome|one[ -]colou?r|single[ -]colou?r|mono)\b/.test(text)) return [palette[0]!];
  // "Two-tone shading" is a light and a shade, not a two-colour icon.
  if (/\b(duotone|two[ -]colou?r|two[ -]tone (icons?|style|colou?rs?))\b/.test(text))
    return [palette[0]!, palette.at(-1)!];
  return palette;
}

/** The treatment a style's words and palette ask for. */
export function treatmentOf(styleWords: string, mode: "flat" | "line", palette: string[]): Treatment {
  const text = styleWords.toLowerCase();
  const tile = /\b(app icons?|tiles?|badges?|buttons?|rounded squares?|squircles?)\b/.test(text);
  const thick = /\b(bold|thick|chunky|heavy)\b/.test(text);
  return {
    mode,
    outline: /\bno (dark )?outlines?\b/.test(text)
      ? 0
      : /\b(stickers?|cartoon)\b/.test(text) || (thick && /\boutlin/.test(text))
        ? 0.05
        : /\boutlin/.test(text)
          ? 0.03
          : 0,
    lineWeight: thick ? 2.75 : /\b(thin|fine|hairline|delicate)\b/.test(text) ? 1.25 : 2,
    shading: /\b(soft|3d|isometric|glossy|shaded|shading|gradients?|clay|plastic)\b/.test(text) ? "soft" : "flat",
    pixel: /\bpixel/.test(text),
    accentFill: mode === "line" && /\baccent\b/.test(text),
    groundLine: mode === "line" && /\bground[ -]?line\b/.test(text),
    tint: 0,
    shadow:
      mode === "line" ||
      /\b(no shadows?|shadowless)\b/.test(text) ||
      (/\bflat\b/.test(text) && !/\b(shadows?|3d|isometric|clay)\b/.test(text))
        ? "none"
        : /\bstickers?\b/.test(text)
          ? "drop"
          : "ground",
    tile,
    padding: /\b(tight|full[- ]bleed)\b/.test(text)
      ? 0.06
      : /\b(white ?space|lots of space|airy)\b/.test(text)
        ? 0.18
        : 0.12,
    palette: tonesOf(
      text,
      [...new Set(palette.map((c) => c.toLowerCase()))].sort((a, b) => luminance(a) - luminance(b)),
    ),
  };
}

const expandHex = (hex: string) =>
  hex.length === 4 ? `#${hex[1]}${hex[1]}${hex[2]}${hex[2]}${hex[3]}${hex[3]}` : hex.toLowerCase();

const colourAttribute = /(fill|stroke|stop-color)="(#[0-9a-fA-F]{6}|#[0-9a-fA-F]{3})"/g;

/**
 * The icon's own colours mapped onto the palette by lightness: its darkest colour becomes the
 * palette's darkest, its lightest the lightest, the rest in between, so shapes keep their contrast.
 */
export function recolour(body: string, palette: string[]): string {
  const colours = [...new Set([...body.matchAll(colourAttribute)].map((m) => expandHex(m[2]!)))];
  if (colours.length === 0 || palette.length === 0) return body;
  const lights = colours.map(luminance);
  const [low, high] = [Math.min(...lights), Math.max(...lights)];
  const mapped = new Map(
    colours.map((colour, i) => {
      const t = high > low ? (lights[i]! - low) / (high - low) : 0.5;
      return [colour, palette[Math.round(t * (palette.length - 1))]!];
    }),
  );
  return body.replace(colourAttribute, (_, attribute: string, hex: string) => {
    return `${attribute}="${mapped.get(expandHex(hex))}"`;
  });
}

/** Every painted part in one colour (the icon's shape, for outlines, shadows and masks). */
function silhouette(body: string, colour: string, strokeWidth: number): string {
  const solid = body
    .replace(/(fill|stop-color)="(?!none)[^"]*"/g, `$1="${colour}"`)
    .replace(/stroke="(?!none)[^"]*"/g, `stroke="${colour}"`)
    .replace(/\sid="[^"]*"/g, "");
  return `<g color="${colour}" fill="${colour}" stroke="${colour}" stroke-width="${strokeWidth.toFixed(3)}" stroke-linejoin="round" stroke-linecap="round">${solid}</g>`;
}

/** The palette's accent: its most saturated colour that is not its darkest. */
const accentOf = (palette: string[]): string => boldestFirst(palette)[0] ?? palette[0]!;

/**
 * The icon's first shape filled in the accent, under its strokes: its first circle, ellipse or
 * rect, else the first outline of its first path (a mushroom's cap, a sword's blade).
 */
function accentShape(body: string, accent: string): string {
  const element = /<(path|circle|ellipse|rect|polygon)\b[^>]*>/.exec(body)?.[0];
  if (!element) return "";
  const path = /^<path\b[^>]*\sd="([^"]*)"/.exec(element);
  const first = path
    ? `<path d="${path[1]!.split(/(?=[Mm])/)[0]}"/>`
    : element.replace(/\s(fill|stroke|stroke-width)="[^"]*"/g, "");
  return `<g fill="${accent}" stroke="none">${first}</g>`;
}

/** The palette's colours other than its darkest, boldest first: the main roles a tint hands round. */
function boldestFirst(palette: string[]): string[] {
  const saturation = (hex: string) => {
    const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
    const [max, min] = [Math.max(r!, g!, b!), Math.min(r!, g!, b!)];
    return max === 0 ? 0 : (max - min) / max;
  };
  return palette.slice(1).sort((a, b) => saturation(b) - saturation(a));
}

/**
 * A one-colour silhouette's colour: the palette's boldest that is neither its darkest nor its
 * lightest; a tint takes the next boldest.
 */
const silhouetteColour = (palette: string[], tint = 0) => {
  const candidates = palette.length > 2 ? boldestFirst(palette.slice(0, -1)) : [palette.at(-1)!];
  return tint === 0 && palette.length <= 2
    ? palette[Math.floor((palette.length - 1) / 2)]!
    : candidates[tint % candidates.length]!;
};

/** A colour icon's palette for a tint: the darkest stays the outline, the other colours trade places. */
function tinted(palette: string[], tint: number): string[] {
  if (tint === 0 || palette.length < 2) return palette;
  if (palette.length === 2) return [palette[1]!, palette[0]!];
  const rest = palette.slice(1);
  const shift = tint % rest.length || 1;
  return [palette[0]!, ...rest.slice(shift), ...rest.slice(0, shift)];
}

/** The icon as its library and the treatment draw it, in the icon's own units. */
function paintedIcon(drawing: IconDrawing, kind: IconKind, treatment: Treatment): string {
  const { palette } = treatment;
  const darkest = palette[0]!;
  const box = Math.max(drawing.width, drawing.height);
  if (treatment.mode === "line" || kind === "line") {
    // Strokes only, in the darkest colour (a tint: the palette's next boldest); Tabler's weight scaled to the box.
    const ink = treatment.tint
      ? (boldestFirst(palette)[(treatment.tint - 1) % Math.max(1, palette.length - 1)] ?? darkest)
      : darkest;
    const weight = ((treatment.lineWeight / 24) * box).toFixed(3);
    const lines = drawing.body
      .replace(/fill="(?!none)[^"]*"/g, 'fill="none"')
      .replace(/stroke-width="[^"]*"/g, `stroke-width="${weight}"`)
      .replace(/stroke="(?!none)[^"]*"/g, `stroke="${ink}"`);
    const accent = treatment.accentFill ? accentShape(drawing.body, accentOf(palette)) : "";
    return `${accent}<g color="${ink}" fill="none" stroke="${ink}" stroke-width="${weight}" stroke-linecap="round" stroke-linejoin="round">${lines}</g>`;
  }
  // A one-colour silhouette takes the palette's boldest colour, as a flat icon's main shape would.
  if (kind === "silhouette") return `<g color="${silhouetteColour(palette, treatment.tint)}">${drawing.body}</g>`;
  return recolour(drawing.body, tinted(palette, treatment.tint));
}

/**
 * One image's drawing: the icon, recoloured and finished as the treatment says (outline, tile,
 * shadow, shading), centred on a `width` × `height` canvas, as SVG elements. `detail` adds
 * effects: a draft is flat, standard adds the shadow, high adds soft shading where the style has it.
 */
export function treatedIcon(
  drawing: IconDrawing,
  kind: IconKind,
  treatment: Treatment,
  canvas: { width: number; height: number; detail: DetailLevel; mirrored?: boolean },
): string {
  const { width, height, detail } = canvas;
  const { palette } = treatment;
  const darkest = palette[0]!;
  const lightest = palette.at(-1)!;
  const unit = Math.min(width, height);
  const parts: string[] = [];
  const tileSize = unit * (1 - 2 * treatment.padding);
  const iconSize = treatment.tile ? tileSize * 0.68 : tileSize;
  const x = (width - iconSize) / 2;
  const y = (height - iconSize) / 2;
  const box = Math.max(drawing.width, drawing.height);
  const viewBox = `${drawing.left} ${drawing.top} ${drawing.width} ${drawing.height}`;
  // Mirrored: the same icon facing the other way (a variation of a subject with one icon).
  const facing = canvas.mirrored
    ? (content: string) => `<g transform="translate(${2 * drawing.left + drawing.width} 0) scale(-1 1)">${content}</g>`
    : (content: string) => content;
  const place = (content: string, dx = 0, dy = 0, attributes = "") =>
    `<svg x="${(x + dx).toFixed(1)}" y="${(y + dy).toFixed(1)}" width="${iconSize.toFixed(1)}" height="${iconSize.toFixed(1)}" viewBox="${viewBox}" overflow="visible"${attributes}>${facing(content)}</svg>`;
  const shadowed = detail !== "draft" && treatment.shadow !== "none";

  if (treatment.tile) {
    const tx = (width - tileSize) / 2;
    const ty = (height - tileSize) / 2;
    if (shadowed) {
      parts.push(
        `<rect x="${tx.toFixed(1)}" y="${(ty + unit * 0.02).toFixed(1)}" width="${tileSize.toFixed(1)}" height="${tileSize.toFixed(1)}" rx="${(tileSize * 0.22).toFixed(1)}" fill="${darkest}" fill-opacity="0.18"/>`,
      );
    }
    const edge =
      treatment.outline > 0 ? ` stroke="${darkest}" stroke-width="${(unit * treatment.outline * 0.5).toFixed(1)}"` : "";
    parts.push(
      `<rect x="${tx.toFixed(1)}" y="${ty.toFixed(1)}" width="${tileSize.toFixed(1)}" height="${tileSize.toFixed(1)}" rx="${(tileSize * 0.22).toFixed(1)}" fill="${lightest}"${edge}/>`,
    );
  } else if (shadowed && treatment.shadow === "ground") {
    parts.push(
      `<ellipse cx="${(width / 2).toFixed(1)}" cy="${(y + iconSize * 0.98).toFixed(1)}" rx="${(iconSize * 0.36).toFixed(1)}" ry="${(iconSize * 0.05).toFixed(1)}" fill="${darkest}" fill-opacity="0.18"/>`,
    );
  }
  if (shadowed && treatment.shadow === "drop") {
    const offset = unit * 0.015;
    parts.push(
      place(silhouette(drawing.body, darkest, box * treatment.outline * 2), offset, offset, ` opacity="0.25"`),
    );
  }
  if (treatment.outline > 0 && treatment.mode === "flat") {
    parts.push(place(silhouette(drawing.body, darkest, box * treatment.outline * 2)));
  }
  parts.push(place(paintedIcon(drawing, kind, treatment)));
  if (treatment.groundLine) {
    // A short broken ground line under the icon: a long dash and a short one.
    const groundY = (y + iconSize * 1.04).toFixed(1);
    const [a, b, c, d] = [0.22, 0.62, 0.7, 0.8].map((t) => (x + iconSize * t).toFixed(1));
    const weight = ((unit * treatment.lineWeight) / 24 / 12).toFixed(1);
    parts.push(
      `<path data-ground="true" d="M${a} ${groundY}H${b}M${c} ${groundY}H${d}" fill="none" stroke="${darkest}" stroke-width="${weight}" stroke-linecap="round"/>`,
    );
  }
  if ((detail === "high" || treatment.pixel) && treatment.mode === "flat") {
    // A light from the top left, only where the icon is: strong for a soft style or a sprite (whose
    // palette snapping turns it into shades), faint for a flat one.
    // A sprite's light is the palette's next lighter colour, strong enough to survive the snapping.
    const main =
      kind === "silhouette"
        ? silhouetteColour(palette, treatment.tint)
        : palette[Math.floor((palette.length - 1) / 2)]!;
    const light = treatment.pixel ? (palette[palette.indexOf(main) + 1] ?? main) : "#ffffff";
    const strength = treatment.pixel ? 0.9 : treatment.shading === "soft" ? 0.32 : 0.14;
    parts.push(
      `<defs><radialGradient id="motif-shine" cx="0.3" cy="0.25" r="0.75"><stop offset="0" stop-color="${light}" stop-opacity="${strength}"/><stop offset="1" stop-color="${light}" stop-opacity="0"/></radialGradient>` +
        `<mask id="motif-shape" maskUnits="userSpaceOnUse" x="0" y="0" width="${width}" height="${height}">${place(silhouette(drawing.body, "#ffffff", 0))}</mask></defs>`,
      `<rect x="${x.toFixed(1)}" y="${y.toFixed(1)}" width="${iconSize.toFixed(1)}" height="${iconSize.toFixed(1)}" fill="url(#motif-shine)" mask="url(#motif-shape)"/>`,
    );
  }
  return parts.join("");
}
