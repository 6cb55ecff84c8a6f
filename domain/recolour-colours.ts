/*
 * Recolouring by role and lightness (decision 119), shared by the server, which makes the images,
 * and the browser, which previews them on the covers' thumbnails as the palette is edited.
 */

export interface RGB {
  r: number;
  g: number;
  b: number;
}

/** "#2a9d8f" → RGB; null for anything else. */
export function parseHex(hex: string): RGB | null {
  const match = /^#?([0-9a-f]{6})$/i.exec(hex.trim());
  if (!match) return null;
  const n = parseInt(match[1]!, 16);
  return { r: n >> 16, g: (n >> 8) & 255, b: n & 255 };
}

/** "Redmean" distance (0–765): RGB weighted the way eyes weigh it. */
export function colourDistance(a: RGB, b: RGB): number {
  const mean = (a.r + b.r) / 2;
  const [dr, dg, db] = [a.r - b.r, a.g - b.g, a.b - b.b];
  return Math.sqrt((2 + mean / 256) * dr * dr + 4 * dg * dg + (2 + (255 - mean) / 256) * db * db);
}

/** Relative lightness 0–255 (Rec. 709 weights), as a style's icons rank their colours. */
export function luminance(hex: string): number {
  const { r, g, b } = parseHex(hex)!;
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

export const hexOf = (c: RGB) => `#${((1 << 24) | (c.r << 16) | (c.g << 8) | c.b).toString(16).slice(1)}`;

const byLightness = (colours: readonly string[]) =>
  [...new Set(colours.map((c) => c.toLowerCase()))].sort((a, b) => luminance(a) - luminance(b));

/**
 * An image's own colours mapped onto a new palette by role and lightness, as a style's palette is
 * handed to an icon: both are ranked darkest first, the darkest (the outline's role) takes the
 * palette's darkest, the lightest (the highlight's) its lightest, and the rest are spread between
 * in order, so shapes keep their contrast and as many distinct colours as the palette allows.
 */
export function mapByLightness(sources: readonly string[], palette: readonly string[]): Map<string, string> {
  const from = byLightness(sources);
  const to = byLightness(palette);
  if (to.length === 0) return new Map(from.map((c) => [c, c]));
  if (from.length === 1) return new Map([[from[0]!, oneColourRole(from[0]!, to)]]);
  return new Map(from.map((c, i) => [c, to[Math.round((i * (to.length - 1)) / (from.length - 1))]!]));
}

const saturation = (hex: string) => {
  const { r, g, b } = parseHex(hex)!;
  const [max, min] = [Math.max(r, g, b), Math.min(r, g, b)];
  return max === 0 ? 0 : (max - min) / max;
};

/**
 * A one-colour picture's new colour (`palette` darkest first): black line art keeps the outline's
 * role (the darkest), white the highlight's (the lightest); a coloured silhouette takes the
 * palette's boldest colour that is neither its darkest nor its lightest, as a style's icons do.
 */
function oneColourRole(colour: string, palette: string[]): string {
  const grey = saturation(colour) < 0.2;
  if ((grey && luminance(colour) < 96) || palette.length < 3) return palette[0]!;
  if (grey && luminance(colour) > 200) return palette.at(-1)!;
  return palette.slice(1, -1).sort((a, b) => saturation(b) - saturation(a))[0]!;
}

/** A colour count below which a cluster is an edge's blend, not a colour of the picture. */
const MIN_SHARE = 0.02;
/** A cluster smaller than this that lies between two others is where they meet, antialiased. */
const BLEND_SHARE = 0.15;

/** Whether `c` lies on the way from one heavier cluster to another (within a blend's spread). */
function isBlend(c: Cluster, clusters: Cluster[]): boolean {
  const heavier = clusters.filter((o) => o !== c && o.weight > c.weight);
  for (const a of heavier)
    for (const b of heavier) {
      if (a === b) continue;
      const ab = colourDistance(a.centre, b.centre);
      if (colourDistance(a.centre, c.centre) + colourDistance(c.centre, b.centre) < ab * 1.1) return true;
    }
  return false;
}

/** How far (redmean) a lossy copy's noise strays from the colour it was. */
const NOISE = 80;

/** Whether `c` is a small stray of a heavier colour near it (a lossy thumbnail's drift). */
const isNoise = (c: Cluster, clusters: Cluster[]) =>
  clusters.some((o) => o !== c && o.weight > c.weight && colourDistance(o.centre, c.centre) < NOISE);

/** Clusters nearer than this (redmean) are one colour drawn twice. */
const SAME_COLOUR = 40;

interface Cluster {
  centre: RGB;
  weight: number;
}

/**
 * The few colours a picture is drawn in, from its opaque pixels (RGBA): a weighted k-means over a
 * 4-bit-a-channel histogram, seeded from the commonest colour and then the farthest ones (so it
 * is the same every time), with edges' blends and near-duplicates folded into their neighbours.
 */
export function dominantColours(rgba: ArrayLike<number>, most: number): string[] {
  let anySolid = false;
  for (let p = 3; p < rgba.length && !anySolid; p += 4) anySolid = rgba[p]! >= 250;
  // A picture with no solid pixel at all is read from its half-opaque ones.
  const solid = anySolid ? 250 : 128;
  const bins = new Map<number, { r: number; g: number; b: number; weight: number }>();
  for (let p = 0; p < rgba.length; p += 4) {
    // Edges fading into the clear ground blend with it: the picture's colours are its solid pixels'.
    if (rgba[p + 3]! < solid) continue;
    const [r, g, b] = [rgba[p]!, rgba[p + 1]!, rgba[p + 2]!];
    const key = ((r >> 4) << 8) | ((g >> 4) << 4) | (b >> 4);
    const bin = bins.get(key) ?? { r: 0, g: 0, b: 0, weight: 0 };
    bin.r += r;
    bin.g += g;
    bin.b += b;
    bin.weight += 1;
    bins.set(key, bin);
  }
  const points = [...bins.values()].map((b) => ({
    colour: { r: b.r / b.weight, g: b.g / b.weight, b: b.b / b.weight },
    weight: b.weight,
  }));
  if (points.length === 0) return [];
  points.sort((a, b) => b.weight - a.weight);
  const total = points.reduce((sum, p) => sum + p.weight, 0);
  const centres: RGB[] = [points[0]!.colour];
  while (centres.length < Math.min(most, points.length)) {
    const farthest = points.reduce(
      (best, p) => {
        const d = Math.min(...centres.map((c) => colourDistance(c, p.colour)));
        return d * Math.sqrt(p.weight) > best.score ? { score: d * Math.sqrt(p.weight), colour: p.colour } : best;
      },
      { score: -1, colour: points[0]!.colour },
    );
    if (farthest.score <= 0) break;
    centres.push(farthest.colour);
  }
  let clusters = kMeans(points, centres);
  clusters = fold(clusters, (c) => c.weight < MIN_SHARE * total);
  clusters = mergeNear(clusters);
  clusters = fold(clusters, (c) => c.weight < BLEND_SHARE * total && (isBlend(c, clusters) || isNoise(c, clusters)));
  return clusters.map((c) => hexOf(rounded(c.centre)));
}

const rounded = (c: RGB): RGB => ({ r: Math.round(c.r), g: Math.round(c.g), b: Math.round(c.b) });

function nearestIndex(colour: RGB, centres: readonly RGB[]): number {
  let best = 0;
  let bestDistance = Infinity;
  centres.forEach((centre, i) => {
    const d = colourDistance(colour, centre);
    if (d < bestDistance) [best, bestDistance] = [i, d];
  });
  return best;
}

function kMeans(points: { colour: RGB; weight: number }[], seeds: RGB[]): Cluster[] {
  let centres = seeds;
  let clusters: Cluster[] = [];
  for (let round = 0; round < 12; round++) {
    const sums = centres.map(() => ({ r: 0, g: 0, b: 0, weight: 0 }));
    for (const p of points) {
      const sum = sums[nearestIndex(p.colour, centres)]!;
      sum.r += p.colour.r * p.weight;
      sum.g += p.colour.g * p.weight;
      sum.b += p.colour.b * p.weight;
      sum.weight += p.weight;
    }
    clusters = sums
      .filter((s) => s.weight > 0)
      .map((s) => ({ centre: { r: s.r / s.weight, g: s.g / s.weight, b: s.b / s.weight }, weight: s.weight }));
    const moved = clusters.some((c, i) => !centres[i] || colourDistance(c.centre, centres[i]) > 0.5);
    centres = clusters.map((c) => c.centre);
    if (!moved) break;
  }
  return clusters;
}

/** Clusters `small` says are not colours of their own, each given to its nearest remaining one. */
function fold(clusters: Cluster[], small: (c: Cluster) => boolean): Cluster[] {
  const kept = clusters.filter((c) => !small(c));
  if (kept.length === 0)
    return clusters
      .slice()
      .sort((a, b) => b.weight - a.weight)
      .slice(0, 1);
  for (const c of clusters.filter(small))
    kept[
      nearestIndex(
        c.centre,
        kept.map((k) => k.centre),
      )
    ]!.weight += c.weight;
  return kept;
}

function mergeNear(clusters: Cluster[]): Cluster[] {
  const merged = clusters.slice().sort((a, b) => b.weight - a.weight);
  for (let i = 0; i < merged.length; i++) {
    for (let j = merged.length - 1; j > i; j--) {
      if (colourDistance(merged[i]!.centre, merged[j]!.centre) < SAME_COLOUR) {
        merged[i]!.weight += merged[j]!.weight;
        merged.splice(j, 1);
      }
    }
  }
  return merged;
}

/**
 * A function from a pixel's colour to its new one: the nearest of the picture's own colours, then
 * that colour's place in the new palette. Pixels are many and colours few, so answers are kept by
 * the pixel's colour at 5 bits a channel.
 */
export function pixelRecolourer(mapping: Map<string, string>): (r: number, g: number, b: number) => RGB {
  const sources = [...mapping.keys()].map((c) => parseHex(c)!);
  const targets = [...mapping.values()].map((c) => parseHex(c)!);
  const cache = new Int16Array(1 << 15).fill(-1);
  return (r, g, b) => {
    const key = ((r >> 3) << 10) | ((g >> 3) << 5) | (b >> 3);
    let index = cache[key]!;
    if (index < 0) {
      index = nearestIndex({ r, g, b }, sources);
      cache[key] = index;
    }
    return targets[index]!;
  };
}
