import { readReference } from "./reference-pixels.server";

/** The least share of the subject's pixels a colour must cover to be one of the style's. */
const MIN_SHARE = 0.02;

const toHex = (r: number, g: number, b: number) =>
  `#${[r, g, b].map((v) => Math.round(v).toString(16).padStart(2, "0")).join("")}`;

/**
 * The dominant colours of reference images: each is shrunk, its subject's pixels bucketed (4 bits
 * a channel), and the most common distinct buckets kept. The background — transparent, or the
 * flat colour around the subject, white card or tile — is no colour of the style.
 */
export async function extractPalette(imagesData: Buffer[], size = 5): Promise<string[]> {
  // Each bucket keeps its exact colours: the one painted most stands for it, so a flat
  // reference's #e76e50 stays #e76e50 instead of an average of it and its edges.
  const buckets = new Map<number, { count: number; exact: Map<number, number> }>();
  for (const data of imagesData) {
    const { data: pixels, subject, background } = await readReference(data, 256);
    for (let p = 0; p < subject.length; p++) {
      if (!subject[p]) continue;
      const i = p * 4;
      const [r, g, b] = [pixels[i]!, pixels[i + 1]!, pixels[i + 2]!];
      // An edge pixel blended with the background counts little: thin ink's blends outnumber it.
      const weight = background
        ? Math.min(1, Math.hypot(r - background[0], g - background[1], b - background[2]) / 160) ** 3
        : 1;
      const key = ((r >> 4) << 8) | ((g >> 4) << 4) | (b >> 4);
      const bucket = buckets.get(key) ?? { count: 0, exact: new Map<number, number>() };
      bucket.count += weight;
      const exact = (r << 16) | (g << 8) | b;
      bucket.exact.set(exact, (bucket.exact.get(exact) ?? 0) + weight);
      buckets.set(key, bucket);
    }
  }
  // A colour of the style covers a share of the subject: edges, seams and compression noise do not.
  const total = [...buckets.values()].reduce((sum, bucket) => sum + bucket.count, 0);
  const ranked = [...buckets.values()]
    .filter((bucket) => bucket.count >= total * MIN_SHARE)
    .sort((a, b) => b.count - a.count);
  const chosen: { r: number; g: number; b: number }[] = [];
  for (const bucket of ranked) {
    const [painted] = [...bucket.exact].reduce((a, b) => (b[1] > a[1] ? b : a));
    const colour = { r: painted >> 16, g: (painted >> 8) & 0xff, b: painted & 0xff };
    // Skip near-duplicates so the palette shows distinct colours.
    if (chosen.some((c) => Math.hypot(c.r - colour.r, c.g - colour.g, c.b - colour.b) < 48)) continue;
    chosen.push(colour);
    if (chosen.length === size) break;
  }
  return chosen.map((c) => toHex(c.r, c.g, c.b));
}
