import { Plus } from "lucide-react";
import type { StylePreset } from "~/lib/ui/presets";
import { Button } from "./ui/button";

export function PresetCard({ preset, onUse }: { preset: StylePreset; onUse(): void }) {
  return (
    <article
      aria-label={`${preset.name} preset`}
      className="flex flex-col overflow-hidden rounded-2xl border border-neutral-200 bg-white dark:border-neutral-800 dark:bg-neutral-900"
    >
      <div className="grid grid-cols-4 gap-px bg-neutral-200 dark:bg-neutral-800">
        {preset.previews.map((preview) => (
          <img
            key={preview.src}
            src={preview.src}
            alt={`${preview.subject} in the ${preset.name.toLowerCase()} preset`}
            width={128}
            height={128}
            loading="lazy"
            className="aspect-square w-full bg-white [image-rendering:pixelated] dark:bg-neutral-800"
          />
        ))}
      </div>
      <div className="flex flex-1 flex-col gap-3 p-4">
        <div>
          <h3 className="font-semibold">{preset.name}</h3>
          <p className="mt-1 line-clamp-2 text-sm text-neutral-600 dark:text-neutral-400">{preset.description}</p>
        </div>
        <Button variant="secondary" size="sm" className="mt-auto self-start" onClick={onUse}>
          <Plus aria-hidden className="size-4" /> Use this preset
        </Button>
      </div>
    </article>
  );
}

/** A preset card's place while the list is drawn after hydration: four squares, name, two lines, button. */
export function PresetCardSkeleton() {
  return (
    <div aria-hidden className="skeleton-card">
      <div className="skeleton-fill aspect-[4/1]" />
      <div className="grid gap-2 p-4">
        <div className="skeleton-fill h-4 w-1/3 rounded" />
        <div className="skeleton-fill h-3 w-full rounded" />
        <div className="skeleton-fill h-3 w-2/3 rounded" />
        <div className="skeleton-fill mt-1 h-8 w-36 rounded-lg" />
      </div>
    </div>
  );
}
