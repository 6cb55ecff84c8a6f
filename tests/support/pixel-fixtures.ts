import sharp from "sharp";

/** A seeded random number from 0 to 1 (mulberry32): the same test images every run. */
function random(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Pixel art drawn on a `grid` × `grid` canvas from `colours`, with a clear border, as raw RGBA. */
export function pixelArtOnGrid(grid: number, colours: number, seed: number) {
  const next = random(seed);
  const inks = Array.from({ length: colours }, () => [0, 0, 0].map(() => Math.floor(next() * 256)));
  const data = Buffer.alloc(grid * grid * 4);
  for (let y = 0; y < grid; y++) {
    for (let x = 0; x < grid; x++) {
      if (x < 2 || y < 2 || x >= grid - 2 || y >= grid - 2) continue;
      // Every pixel one of the inks, at random: the hardest case, an edge at nearly every boundary.
      const ink = inks[Math.floor(next() * colours)]!;
      data.set([...ink, 255], (y * grid + x) * 4);
    }
  }
  return data;
}

/** The same art enlarged to `size` px by nearest neighbour (cells of unequal width when it does not divide), with faint noise. */
export async function looksPixelated(art: Buffer, grid: number, size: number, noise: number, seed: number) {
  const big = await sharp(art, { raw: { width: grid, height: grid, channels: 4 } })
    .resize({ width: size, height: size, kernel: "nearest", fit: "fill" })
    .raw()
    .toBuffer();
  const next = random(seed);
  for (let i = 0; i < big.length; i++) {
    if (i % 4 === 3) continue;
    big[i] = Math.max(0, Math.min(255, big[i]! + Math.round((next() - 0.5) * 2 * noise)));
  }
  return big;
}

export const png = (data: Buffer, width: number, height = width) =>
  sharp(data, { raw: { width, height, channels: 4 } })
    .png()
    .toBuffer();

/** A PNG's pixels, with the set of its opaque colours and of its alpha values. */
export async function pixelsOf(file: Buffer) {
  const { data, info } = await sharp(file).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const colours = new Set<string>();
  const alphas = new Set<number>();
  for (let i = 0; i < data.length; i += 4) {
    alphas.add(data[i + 3]!);
    if (data[i + 3])
      colours.add(`#${[data[i]!, data[i + 1]!, data[i + 2]!].map((v) => v.toString(16).padStart(2, "0")).join("")}`);
  }
  return { data, width: info.width, height: info.height, colours, alphas };
}

/** A painting, not pixel art: a soft gradient and a disc with an anti-aliased edge on a clear ground. */
export async function painting(size: number) {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#f4a261"/><stop offset="1" stop-color="#264653"/></linearGradient></defs>
    <circle cx="${size / 2}" cy="${size / 2}" r="${size * 0.38}" fill="url(#g)"/>
    <rect x="${size * 0.3}" y="${size * 0.45}" width="${size * 0.4}" height="${size * 0.1}" fill="#e9c46a"/></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}
