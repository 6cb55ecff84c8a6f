import type { Cells } from "./cells";

/**
 * A 1-pixel outline: every clear cell beside a drawn one (above, below, left or right) is drawn in
 * `colour`. Room for it is the clear cells around the shape; a shape that touches the edge of the
 * grid has no outline on that side.
 */
export function addOutline(cells: Cells, colour: [number, number, number]): void {
  const { width, height, opaque } = cells;
  const drawn = opaque.slice();
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const c = y * width + x;
      if (drawn[c]) continue;
      const beside =
        (x > 0 && drawn[c - 1]) ||
        (x < width - 1 && drawn[c + 1]) ||
        (y > 0 && drawn[c - width]) ||
        (y < height - 1 && drawn[c + width]);
      if (!beside) continue;
      opaque[c] = 1;
      cells.colour.set(colour, c * 3);
    }
  }
}
