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
