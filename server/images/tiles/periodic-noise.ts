/**
 * Value noise that wraps: the field at x = size continues the field at x = 0 (and the same for
 * y), so a texture or an edge drawn from it tiles without a seam. Octaves of `cells`, 2 × `cells`
 * and 4 × `cells` lattice points a side, each lattice wrapping on itself, summed with halving
 * weights. Values from 0 to 1; the same seed gives the same field.
 */
export function periodicNoise(size: number, cells: number, seed: number, octaves = 3): Float32Array {
  const field = new Float32Array(size * size);
  let weight = 1;
  let total = 0;
  for (let octave = 0; octave < octaves; octave++) {
    const n = cells * 2 ** octave;
    const lattice = latticeOf(n, seed + octave * 7919);
    for (let y = 0; y < size; y++) {
      const gy = (y / size) * n;
      const y0 = Math.floor(gy);
      const ty = smooth(gy - y0);
      for (let x = 0; x < size; x++) {
        const gx = (x / size) * n;
        const x0 = Math.floor(gx);
        const tx = smooth(gx - x0);
        const at = (i: number, j: number) => lattice[(j % n) * n + (i % n)]!;
        const top = at(x0, y0) + (at(x0 + 1, y0) - at(x0, y0)) * tx;
        const bottom = at(x0, y0 + 1) + (at(x0 + 1, y0 + 1) - at(x0, y0 + 1)) * tx;
        field[y * size + x]! += (top + (bottom - top) * ty) * weight;
      }
    }
    total += weight;
    weight /= 2;
  }
  for (let i = 0; i < field.length; i++) field[i] = field[i]! / total;
  return field;
}

const smooth = (t: number) => t * t * (3 - 2 * t);

/** `n` × `n` random values from 0 to 1 (mulberry32, seeded). */
function latticeOf(n: number, seed: number): Float32Array {
  let state = seed | 0;
  return Float32Array.from({ length: n * n }, () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  });
}
