import sharp, { type Sharp } from "sharp";
import { DEFAULT_PALETTE, shade } from "#domain/colour-words";
import { imageSizes } from "#domain/images";
import { limits } from "#domain/limits";
import { PREVIEW_PROVIDER_ID, previewTexts } from "#domain/preview";
import { standardPrices, type PriceTable } from "#domain/pricing";
import { painter, subjectGlyphs } from "./offline-glyphs.server";
import { pixelate } from "./offline-pixel.server";
import { readPrompt, type PromptReading } from "./offline-reading.server";
import { BytesCache } from "../../cache/bytes-cache.server";
import { hashText } from "../prompts";
import { looksTheSame, pickDrawing } from "./offline-drawing-choice.server";
import { iconDrawing, iconSets, type IconSet } from "../preview/icon-sets.server";
import { luminance, treatedIcon, treatmentOf } from "../preview/icon-treatment.server";
import {
  ProviderCannotError,
  type GeneratedImage,
  type GenerateRequest,
  type GenerateResult,
  type ImageProvider,
} from "./provider";
import { creditLine, type ImageCredit } from "#domain/objects";

/** Recorded on its images; a new number when what it draws for the same words changes. */
export const PREVIEW_MODEL = "motif-preview-4";
/** The engine before it read a subject among its set and the look words: its images are read as it read them. */
const PREVIEW_MODEL_BEFORE_CONTEXT = "motif-preview-3";
/** The engine before it drew icons from open libraries: its images' notes are read as it read them. */
const PREVIEW_MODEL_BEFORE_ICONS = "motif-preview-2";

/**
 * The zero-configuration engine: deterministic drawings from the prompt, the style's
 * palette and the seed. No network, no model: the UI calls it the preview engine, and
 * each file says so in its metadata. `prices` are what it charges: the registry
 * passes PREVIEW_PRICE (free unless the operator says otherwise); built without them,
 * it charges the standard prices like any engine.
 */
export function createOfflineProvider(options: { prices?: PriceTable } = {}): ImageProvider {
  return {
    id: PREVIEW_PROVIDER_ID,
    model: PREVIEW_MODEL,
    label: previewTexts.name,
    prices: options.prices ?? standardPrices,
    capabilities: {
      nativeAlpha: true,
      characterReference: false,
      // It takes any number; the engine sends at most this many.
      maxReferences: limits.providerReferences,
      seed: true,
      sizes: { square: "1024×1024", portrait: "1024×1536", landscape: "1536×1024" },
      detail: { draft: "fewer shapes", standard: "more shapes", high: "most shapes" },
      cancel: true,
      progress: false,
      edit: { words: false, region: false, why: previewTexts.cannotEdit },
      cannotPose: previewTexts.samePose,
    },
    async generate(request) {
      const images = [];
      for (let i = 0; i < request.n; i++) {
        request.signal?.throwIfAborted();
        images.push(await drawOffline(request, i));
      }
      return { images } satisfies GenerateResult;
    },
  };
}

/** What the engine did not understand in a prompt, for the image's "how it was made". */
export function previewNotes(prompt: string, model = PREVIEW_MODEL): { drawn: boolean; unknownWords: string[] } {
  const reading = readPrompt(prompt, { withIcons: model !== PREVIEW_MODEL_BEFORE_ICONS });
  return { drawn: reading.icons !== null || reading.drawing !== null, unknownWords: reading.unknown };
}

/** Whether a stored image was made by a version of this engine. */
export const isPreviewModel = (model: string) =>
  model === PREVIEW_MODEL || model === PREVIEW_MODEL_BEFORE_CONTEXT || model === PREVIEW_MODEL_BEFORE_ICONS;

function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const elementsByDetail = { draft: 3, standard: 7, high: 14 } as const;

/** Where a drawing came from: the open-library icon it redraws, with what its licence asks. */
export interface IconSource {
  set: IconSet;
  icon: string;
}

/** How a style looks, read from its words. */
export function offlineLook(prompt: string): PromptReading["look"] {
  return readPrompt(prompt).look;
}

/** The darkest colour given, deepened, for outlines. */
function darkest(colours: string[]): string {
  const dark = colours.reduce((a, b) => (luminance(b) < luminance(a) ? b : a));
  return luminance(dark) < 80 ? dark : shade(dark, -0.55);
}

const escapeXml = (text: string) =>
  text.replace(/[<>&"']/g, (ch) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", '"': "&quot;", "'": "&apos;" })[ch]!);

/** A subject's name as a placeholder shows it: without its article, capitalised, in lines of about 14 letters. */
export function placeholderLines(subject: string): string[] {
  const name = subject.replace(/^(a|an|the|some)\s+/i, "").trim() || subject;
  const words = (name.charAt(0).toUpperCase() + name.slice(1)).split(/\s+/);
  const lines: string[] = [];
  for (const word of words) {
    const last = lines.at(-1);
    if (last !== undefined && `${last} ${word}`.length <= 14) lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word.length > 18 ? `${word.slice(0, 17)}…` : word);
  }
  return lines.length > 3 ? [...lines.slice(0, 2), `${lines[2]!.slice(0, 13)}…`] : lines;
}

/** One image's layers: what is drawn, its palette, and the placeholder's label (drawn last, never blurred or pixelated). */
export interface OfflinePicture {
  width: number;
  height: number;
  reading: PromptReading;
  /** Opaque images' background colour; null when transparent. */
  background: string | null;
  /** The subject and the motifs around it, as SVG elements. */
  body: string;
  /** Set only for a placeholder: its label, as SVG elements. */
  label: string | null;
  /** The library icon it redraws, if any. */
  source: IconSource | null;
  /** For an icon drawn facing the other way: the same icon facing its own way, to tell a mirror from a repeat. */
  unmirrored?: string;
  /** The colours the body may use, outline first. */
  colours: string[];
  outline: string;
}

/** Plans one image; deterministic in the prompt, palette, seed and index. */
export function offlinePicture(request: GenerateRequest, index: number): OfflinePicture {
  const { width, height } = imageSizes[request.size];
  const random = mulberry32(hashText(`${request.prompt}|${request.seed}|${index}`));
  const valid = request.palette.filter((c) => /^#[0-9a-f]{6}$/i.test(c));
  const palette = valid.length >= 2 ? valid : DEFAULT_PALETTE;
  const reading = readPrompt(request.prompt, { neighbours: request.neighbours });
  const { look } = reading;
  // A drawing the person chose is drawn even where the engine found none for the words.
  const icon = reading.icons || request.drawing ? iconPicture(request, index, reading, palette) : null;
  if (icon) return icon;
  // Colours named in the words first, then the style's palette in its order.
  const named = [...reading.colours, ...palette];
  const main = named[0]!;
  const accent = named.find((c) => c !== main) ?? shade(main, 0.3);
  const outline = darkest([main, accent, ...palette]);
  const line = look.mode === "line";
  const colours = {
    main: line ? outline : main,
    accent: line ? outline : accent,
    dark: line ? outline : shade(main, -0.45),
    light: line ? outline : shade(main, 0.65),
    line: line ? outline : main,
  };
  const soft = look.painterly && !line ? ` fill-opacity="0.85"` : "";
  const basePaint = painter(look.mode, outline);
  const paint: typeof basePaint = (colour, options) => `${basePaint(colour, options)}${soft}`;
  const pick = () => (line ? outline : palette[Math.floor(random() * palette.length)]!);
  const cx = width / 2;
  const cy = height / 2;
  const unit = Math.min(width, height);
  const parts: string[] = [];
  const radius = unit * 0.3;
  const glyph = reading.drawing ? subjectGlyphs[reading.drawing].glyph : null;
  let label: string | null = null;

  if (look.mode === "flat" && !look.pixel) {
    parts.push(
      `<ellipse cx="${cx}" cy="${cy + radius * 0.98}" rx="${radius * 0.75}" ry="${radius * 0.1}" fill="#000" fill-opacity="0.1"/>`,
    );
  }
  if (glyph) {
    // A recognisable drawing of the subject, about 60 % of the short side.
    const scale = (unit * 0.86) / 256;
    parts.push(
      `<g transform="translate(${(cx - 128 * scale).toFixed(1)} ${(cy - 128 * scale).toFixed(1)}) scale(${scale.toFixed(4)})">${glyph(colours, paint)}</g>`,
    );
  } else {
    // A subject it cannot draw: a tile in the style's colours with the subject's name on it, never another object.
    const half = unit * 0.3;
    const tile = line
      ? `fill="none" stroke="${outline}" stroke-width="${(unit * 0.012).toFixed(1)}"`
      : `fill="${shade(main, 0.8)}" stroke="${main}" stroke-width="${(unit * 0.02).toFixed(1)}"${soft}`;
    parts.push(
      `<rect data-placeholder="true" x="${cx - half}" y="${cy - half}" width="${half * 2}" height="${half * 2}" rx="${unit * 0.05}" ${tile}/>`,
    );
    const lines = placeholderLines(reading.subject);
    const size = unit * (lines.some((l) => l.length > 10) ? 0.055 : 0.07);
    const top = cy - ((lines.length - 1) * size * 1.2) / 2 - size * 0.3;
    const text = lines
      .map(
        (l, i) =>
          `<text x="${cx}" y="${(top + i * size * 1.2).toFixed(1)}" font-size="${size.toFixed(1)}">${escapeXml(l)}</text>`,
      )
      .join("");
    const caption = `<text x="${cx}" y="${(cy + half * 0.78).toFixed(1)}" font-size="${(unit * 0.032).toFixed(1)}" font-weight="normal">preview placeholder</text>`;
    label = `<g data-label="placeholder" font-family="DejaVu Sans, Liberation Sans, Arial, sans-serif" font-weight="bold" text-anchor="middle" dominant-baseline="middle" fill="${outline}">${text}${caption}</g>`;
  }

  // Motifs around it: more of them at higher detail.
  for (let i = 0; i < elementsByDetail[request.detail]; i++) {
    const angle = random() * Math.PI * 2;
    const distance = radius * (1.2 + random() * 0.35);
    const x = cx + Math.cos(angle) * distance;
    const y = cy + Math.sin(angle) * distance * (height / width);
    const size = unit * (0.015 + random() * 0.03);
    const colour = pick();
    const fill = line
      ? `fill="none" stroke="${outline}" stroke-width="${(unit * 0.006).toFixed(1)}"`
      : `fill="${colour}"${soft}`;
    parts.push(
      random() < 0.5
        ? `<circle cx="${x.toFixed(1)}" cy="${y.toFixed(1)}" r="${size.toFixed(1)}" ${fill}/>`
        : `<rect x="${(x - size).toFixed(1)}" y="${(y - size).toFixed(1)}" width="${(size * 2).toFixed(1)}" height="${(size * 2).toFixed(1)}" rx="${(size * 0.4).toFixed(1)}" ${fill} transform="rotate(${Math.round(random() * 90)} ${x.toFixed(1)} ${y.toFixed(1)})"/>`,
    );
  }

  const background = request.transparent ? null : look.painterly ? "#fbf7ef" : shade(main, 0.88);
  return {
    width,
    height,
    reading,
    background,
    body: parts.join(""),
    label,
    source: null,
    colours: [outline, main, accent, colours.dark, colours.light, shade(main, 0.8), ...palette],
    outline,
  };
}

/**
 * Icons already redrawn, by (icon, treatment, canvas): a style's samples drawn again, a set made
 * twice or a subject asked for again read no library and redo no treatment.
 */
const treatedIcons = new BytesCache(2 * 1024 * 1024);

/**
 * A subject an open library draws: one of its equally good icons (chosen by the seed and the
 * image's place, so variations differ), redrawn in the style's treatment. Null if the chosen
 * icon cannot be read (a library changed under the index).
 */
function iconPicture(
  request: GenerateRequest,
  index: number,
  reading: PromptReading,
  palette: string[],
): OfflinePicture | null {
  const { width, height } = imageSizes[request.size];
  const picked = pickDrawing(request, index, reading.icons ?? { choices: [], more: [], phraseWords: 0 });
  if (!picked) throw new ProviderCannotError(previewTexts.noOtherDrawing);
  const { chosen, mirrored, tint } = picked;
  const set = iconSets[chosen.set];
  // The style's words already made its palette; colours the subject names come first: two or more
  // replace the palette, one joins it as the icon's main colour.
  const named = reading.subjectColours;
  const byLight = [...palette].sort((a, b) => luminance(a) - luminance(b));
  const colours = named.length >= 2 ? named : named.length === 1 ? [byLight[0]!, named[0]!, byLight.at(-1)!] : byLight;
  // The style's own words: the sentences every prompt carries name shading and "no shadow box".
  const treatment = { ...treatmentOf(reading.styleWords, reading.look.mode, colours), tint };
  const lightest = treatment.palette.at(-1)!;
  const treated = (facingAway: boolean) => {
    const canvas = { width, height, detail: request.detail, mirrored: facingAway };
    const key = JSON.stringify([chosen.set, chosen.name, treatment, canvas]);
    let body = treatedIcons.get(key)?.toString("utf8");
    if (body === undefined) {
      const drawing = iconDrawing(chosen.set, chosen.name);
      if (!drawing) return null;
      body = treatedIcon(drawing, set.kind, treatment, canvas);
      treatedIcons.set(key, Buffer.from(body, "utf8"));
    }
    return body;
  };
  const body = treated(mirrored);
  if (body === null) return null;
  return {
    ...(mirrored ? { unmirrored: treated(false) ?? undefined } : {}),
    width,
    height,
    reading,
    // A pale tint of the style's lightest colour, so the icon's own colours stand out on it.
    background: request.transparent ? null : shade(lightest, luminance(lightest) > 200 ? 0.5 : 0.8),
    body,
    label: null,
    source: { set, icon: chosen.name },
    colours: treatment.palette,
    outline: treatment.palette[0]!,
  };
}

const svgOf = (width: number, height: number, content: string, attributes = "") =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}"${attributes}>${content}</svg>`;

function backgroundOf(picture: OfflinePicture): string {
  if (!picture.background) return "";
  const { width, height, background } = picture;
  const unit = Math.min(width, height);
  return `<rect width="${width}" height="${height}" fill="${background}"/><circle cx="${width / 2}" cy="${height / 2}" r="${unit * 0.42}" fill="${shade(background, -0.06)}"/>`;
}

/** The whole image as one SVG (as flat and line styles are rendered); exported for tests. */
export function offlineSvg(request: GenerateRequest, index: number): string {
  const picture = offlinePicture(request, index);
  return svgOf(picture.width, picture.height, `${backgroundOf(picture)}${picture.body}${picture.label ?? ""}`);
}

async function drawOffline(request: GenerateRequest, index: number): Promise<GeneratedImage> {
  const picture = offlinePicture(request, index);
  // Making more of an object, a symmetric icon's mirror would repeat an image it has.
  if (request.avoid && picture.unmirrored !== undefined && (await looksTheSame(picture, picture.unmirrored))) {
    throw new ProviderCannotError(previewTexts.noOtherDrawing);
  }
  const { width, height, reading } = picture;
  let image: Sharp;
  if (reading.look.pixel) {
    image = await pixelate(picture);
  } else if (reading.look.painterly) {
    // Watercolour: soft edges; the label (if any) stays sharp on top.
    const soft = await sharp(Buffer.from(svgOf(width, height, `${backgroundOf(picture)}${picture.body}`)))
      .blur(Math.max(1, Math.min(width, height) * 0.0035))
      .png()
      .toBuffer();
    image = sharp(soft);
  } else {
    image = sharp(Buffer.from(svgOf(width, height, `${backgroundOf(picture)}${picture.body}`)));
  }
  if (picture.label) {
    const base = await image.png().toBuffer();
    image = sharp(base).composite([{ input: Buffer.from(svgOf(width, height, picture.label)) }]);
  }
  // Transparent images keep their alpha channel; opaque ones drop it.
  const finished = request.transparent ? image.ensureAlpha() : image.flatten({ background: "#ffffff" });
  const data = await finished
    .withExif({
      IFD0: {
        Software: previewTexts.software,
        ImageDescription: describe(picture),
        ...(picture.source ? { Copyright: picture.source.set.attribution } : {}),
      },
    })
    .withXmp(xmpOf(picture))
    .png({ compressionLevel: 6 })
    .toBuffer();
  return { data, format: "png", ...(picture.source ? { credit: creditOf(picture.source) } : {}) };
}

export function creditOf(source: IconSource): ImageCredit {
  const { set, icon } = source;
  return { icon, library: set.name, licence: set.licence, licenceUrl: set.licenceUrl, attribution: set.attribution };
}

/** The credit line of a drawing redrawn from a library icon: "Fox · Fluent Emoji Flat · MIT". */
const sourceLine = (source: IconSource) => creditLine(creditOf(source));

/** The file's own account of what made it (EXIF ImageDescription, XMP dc:description). */
function describe(picture: OfflinePicture): string {
  const { reading, source } = picture;
  const what = source
    ? `A preview drawing of ${reading.subject}, drawn from ${sourceLine(source)} (${source.set.attribution}).`
    : reading.drawing
      ? `A preview drawing of ${reading.subject}.`
      : `A placeholder for ${reading.subject}: the preview engine has no drawing for it.`;
  const unknown = reading.unknown.length ? ` Words it did not understand: ${reading.unknown.join(", ")}.` : "";
  return `${what} ${previewTexts.explanation}${unknown}`;
}

function xmpOf(picture: OfflinePicture): string {
  const { source } = picture;
  const rights = source
    ? `<dc:source>${escapeXml(sourceLine(source))}</dc:source><dc:rights><rdf:Alt><rdf:li xml:lang="x-default">${escapeXml(source.set.attribution)}</rdf:li></rdf:Alt></dc:rights>`
    : "";
  return [
    `<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">`,
    `<rdf:Description rdf:about="" xmlns:xmp="http://ns.adobe.com/xap/1.0/" xmlns:dc="http://purl.org/dc/elements/1.1/" xmp:CreatorTool="${escapeXml(previewTexts.software)}">`,
    `<dc:description><rdf:Alt><rdf:li xml:lang="x-default">${escapeXml(describe(picture))}</rdf:li></rdf:Alt></dc:description>${rights}`,
    `</rdf:Description></rdf:RDF></x:xmpmeta>`,
  ].join("");
}
