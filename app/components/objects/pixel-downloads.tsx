import { Download } from "lucide-react";
import type { ObjectImageView } from "#domain/objects";
import { cn } from "~/lib/ui/cn";
import { buttonClasses } from "../ui/button";

const SCALES = [2, 4, 8, 16] as const;

/**
 * A pixel-art image's downloads at whole-number sizes (nearest neighbour: each pixel an exact
 * square), as far as the instance makes images that large.
 */
export function PixelDownloads(props: { image: ObjectImageView; maxSide: number }) {
  const { image } = props;
  if (image.lineage.operation !== "pixelated") return null;
  const longer = Math.max(image.width, image.height);
  const scales = SCALES.filter((scale) => longer * scale <= props.maxSide);
  return (
    <div role="group" aria-labelledby="pixel-downloads" className="grid gap-1.5">
      <div className="flex items-baseline justify-between gap-2">
        <h3 id="pixel-downloads" className="text-sm font-medium">
          Enlarged PNG
        </h3>
        <span className="text-xs text-neutral-500 dark:text-neutral-400">whole pixels, no blur</span>
      </div>
      <div className="grid grid-cols-4 gap-2">
        {scales.map((scale) => (
          <a
            key={scale}
            href={`${image.url}/scaled?scale=${scale}`}
            download
            className={cn(buttonClasses("secondary"), "gap-1 px-2")}
            aria-label={`PNG ×${scale}, ${image.width * scale} × ${image.height * scale} px`}
          >
            <Download aria-hidden className="size-4" />×{scale}
          </a>
        ))}
      </div>
    </div>
  );
}
