import { responsiveImage } from "#domain/image-url";
import { checkerboard } from "~/lib/ui/checkerboard";
import { cn } from "~/lib/ui/cn";

export type Shown = { id: string; name: string; image: { url: string; signature?: string } | null };

/**
 * A row of covers. With `grid`, each is drawn over its icon grid: faint lines on every unit and the
 * live area (the grid less the padding on each side) outlined, so the set's one size can be seen.
 */
export function NormaliseThumbs(props: { label: string; items: Shown[]; grid?: { size: number; padding: number } }) {
  const grid = props.grid;
  return (
    <figure className="grid gap-1.5">
      <figcaption className="text-xs font-medium text-neutral-600 dark:text-neutral-400">{props.label}</figcaption>
      <ul className="grid grid-cols-4 gap-2 sm:grid-cols-8" aria-label={props.label}>
        {props.items.map((item) => (
          <li
            key={item.id}
            className={cn(
              "relative aspect-square overflow-hidden rounded-lg border border-neutral-200 dark:border-neutral-800",
              checkerboard("bg-[length:8px_8px]"),
            )}
          >
            {grid && (
              <svg
                aria-hidden
                viewBox={`0 0 ${grid.size} ${grid.size}`}
                className="pointer-events-none absolute inset-0 size-full text-sky-600 dark:text-sky-400"
              >
                {Array.from({ length: grid.size - 1 }, (_, i) => (
                  <g key={i} stroke="currentColor" strokeOpacity={0.18} strokeWidth={0.04}>
                    <line x1={i + 1} y1={0} x2={i + 1} y2={grid.size} />
                    <line x1={0} y1={i + 1} x2={grid.size} y2={i + 1} />
                  </g>
                ))}
                <rect
                  x={grid.padding}
                  y={grid.padding}
                  width={grid.size - 2 * grid.padding}
                  height={grid.size - 2 * grid.padding}
                  fill="none"
                  stroke="currentColor"
                  strokeOpacity={0.7}
                  strokeWidth={0.12}
                  strokeDasharray="0.5 0.3"
                />
              </svg>
            )}
            {item.image && (
              <img
                {...responsiveImage(item.image, { displayWidth: 64 })}
                sizes="64px"
                alt={item.name}
                className="relative size-full object-contain"
              />
            )}
          </li>
        ))}
      </ul>
    </figure>
  );
}
