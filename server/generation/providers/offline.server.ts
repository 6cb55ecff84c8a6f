import sharp from "sharp";
import { imageSizes } from "#domain/images";
import { glyphFor, painter, type RenderMode } from "./offline-glyphs.server";
import { hashText } from "../prompts";
import type { GenerateRequest, GenerateResult, ImageProvider } from "./provider";

/**
 * The zero-configuration engine: deterministic drawings from the prompt, the
 * style's palette and the seed. No network, no model. The UI calls it an offline
 * preview engine, because that is what it is.
 */
export function createOfflineProvider(): ImageProvider {
  return {
    id: "offline",
    model: "motif-offline-1",
    label: "Offline preview engine",
    capabilities: { nativeAlpha: true, maxReferences: Infinity, seed: true },
    async generate(request) {
      const images = [];
      for (let i = 0; i < request.n; i++) {
        request.signal?.throwIfAborted();
        images.push({ data: await drawOffline(request, i), format: "png" as const });
      }
      return { images } satisfies GenerateResult;
    },
  };
}

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

const FALLBACK_PALETTE = ["#f4a23c", "#2a9d8f", "#e76f51", "#264653", "#e9c46a"];

function shade(hex: string, amount: number): string {
  const n = parseInt(hex.slice(1), 16);
  const channel = (shift: number) => {
    const value = (n >> shift) & 0xff;
    const next = amount < 0 ? value * (1 + amount) : value + (255 - value) * amount;
    return Math.max(0, Math.min(255, Math.round(next)));
  };
  return `#${[16, 8, 0].map((s) => channel(s).toString(16).padStart(2, "0")).join("")}`;
}

const elementsByDetail = { draft: 3, standard: 7, high: 14 } as const;

/** How a style looks, read from its words: its drawing mode, and pixelated or painterly finishing. */
export function offlineLook(prompt: string): { mode: RenderMode; pixel: boolean; painterly: boolean } {
  const text = prompt.toLowerCase();
  return {
    mode: /\b(line[ -]art|line drawing|monoline|outline drawing|sketch)/.test(text) ? "line" : "flat",
    pixel: /\bpixel/.test(text),
    painterly: /\b(watercolou?r|gouache|painterly)/.test(text),
  };
}

function luminance(hex: string): number {
  const n = parseInt(hex.slice(1), 16);
  return 0.2126 * ((n >> 16) & 0xff) + 0.7152 * ((n >> 8) & 0xff) + 0.0722 * (n & 0xff);
}

/** The darkest colour of the palette, deepened, for outlines. */
function darkest(palette: string[]): string {
  const dark = palette.reduce((a, b) => (luminance(b) < luminance(a) ? b : a));
  return luminance(dark) < 80 ? dark : shade(dark, -0.55);
}

/** Builds the SVG for one image; exported for tests of determinism. */
export function offlineSvg(request: GenerateRequest, index: number): string {
  const { width, height } = imageSizes[request.size];
  const random = mulberry32(hashText(`${request.prompt}|${request.seed}|${index}`));
  const palette = (request.palette.length >= 2 ? request.palette : FALLBACK_PALETTE).filter((c) =>
    /^#[0-9a-f]{6}$/i.test(c),
  );
  const pick = () => palette[Math.floor(random() * palette.length)]!;
  const cx = width / 2;
  const cy = height / 2;
  const unit = Math.min(width, height);
  const parts: string[] = [];

  if (!request.transparent) {
    const bg = shade(palette[palette.length - 1]!, 0.85);
    parts.push(`<rect width="${width}" height="${height}" fill="${bg}"/>`);
    parts.push(`<circle cx="${cx}" cy="${cy}" r="${unit * 0.42}" fill="${shade(bg, -0.06)}"/>`);
  }

  const look = offlineLook(request.prompt);
  const outline = darkest(palette);
  const paint = painter(look.mode, outline);
  const glyph = glyphFor(request.prompt.split(".")[0] ?? "");
  const main = pick();
  const accent = palette.find((c) => c !== main && random() < 0.7) ?? shade(main, 0.3);
  const colours = {
    main,
    accent,
    dark: shade(main, -0.45),
    light: shade(main, 0.65),
    line: look.mode === "line" ? outline : main,
  };
  let radius: number;

  if (glyph) {
    // A recognisable drawing of the subject, about 60 % of the short side.
    const scale = (unit * 0.86) / 256;
    radius = unit * 0.3;
    if (look.mode === "flat") {
      parts.push(
        `<ellipse cx="${cx}" cy="${cy + radius * 0.98}" rx="${radius * 0.75}" ry="${radius * 0.1}" fill="#000" fill-opacity="0.1"/>`,
      );
    }
    parts.push(
      `<g transform="translate(${(cx - 128 * scale).toFixed(1)} ${(cy - 128 * scale).toFixed(1)}) scale(${scale.toFixed(4)})">${glyph(colours, paint)}</g>`,
    );
  } else {
    // Any other subject: a rounded body with a lit side and a shadow, shaped by the prompt.
    const sides = 3 + Math.floor(random() * 5);
    radius = unit * (0.22 + random() * 0.08);
    const points = Array.from({ length: sides }, (_, i) => {
      const angle = (Math.PI * 2 * i) / sides - Math.PI / 2 + random() * 0.3;
      const r = radius * (0.85 + random() * 0.3);
      return `${(cx + Math.cos(angle) * r).toFixed(1)},${(cy + Math.sin(angle) * r).toFixed(1)}`;
    });
    parts.push(
      `<ellipse cx="${cx}" cy="${cy + radius * 1.15}" rx="${radius * 0.9}" ry="${radius * 0.16}" fill="#000" fill-opacity="0.12"/>`,
    );
    parts.push(
      `<polygon points="${points.join(" ")}" ${look.mode === "flat" ? `fill="${main}" stroke="${shade(main, -0.35)}" stroke-width="${unit * 0.012}"` : `fill="none" stroke="${outline}" stroke-width="${unit * 0.02}"`} stroke-linejoin="round"/>`,
    );
    if (look.mode === "flat") {
      parts.push(
        `<circle cx="${cx - radius * 0.3}" cy="${cy - radius * 0.3}" r="${radius * 0.28}" fill="#fff" fill-opacity="0.35"/>`,
      );
    }
  }

  // Motifs around it: more of them at higher detail.
  for (let i = 0; i < elementsByDetail[request.detail]; i++) {
    const angle = random() * Math.PI * 2;
    const distance = radius * (1.2 + random() * 0.35);
    const x = cx + Math.cos(angle) * distance;
    const y = cy + Math.sin(angle) * distance * (height / width);
    const size = unit * (0.015 + random() * 0.03);
    const fill = look.mode === "flat" ? `fill="${pick()}"` : paint(pick(), { accent: random() < 0.3 });
    parts.push(
      random() < 0.5
        ? `<circle cx="${x.toFixed(1)}" cy="${y.toFixed(1)}" r="${size.toFixed(1)}" ${fill}/>`
        : `<rect x="${(x - size).toFixed(1)}" y="${(y - size).toFixed(1)}" width="${(size * 2).toFixed(1)}" height="${(size * 2).toFixed(1)}" rx="${(size * 0.4).toFixed(1)}" ${fill} transform="rotate(${Math.round(random() * 90)} ${x.toFixed(1)} ${y.toFixed(1)})"/>`,
    );
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${parts.join("")}</svg>`;
}

async function drawOffline(request: GenerateRequest, index: number): Promise<Buffer> {
  const { width, height } = imageSizes[request.size];
  const look = offlineLook(request.prompt);
  let image = sharp(Buffer.from(offlineSvg(request, index)));
  if (look.pixel) {
    // Pixel art: draw at a sixteenth of the size, then scale up without smoothing.
    const small = await image
      .resize(Math.round(width / 16), Math.round(height / 16), { kernel: "nearest" })
      .png()
      .toBuffer();
    image = sharp(small).resize(width, height, { kernel: "nearest" });
  } else if (look.painterly) {
    image = image.blur(2.5);
  }
  // Transparent images keep their alpha channel; opaque ones drop it.
  return (request.transparent ? image.ensureAlpha() : image.flatten({ background: "#ffffff" }))
    .png({ compressionLevel: 6 })
    .toBuffer();
}
