import { ArrowRight, Check, ImageIcon, Palette } from "lucide-react";
import { Link } from "react-router";
import { detailLevels, imageSizes } from "#domain/images";
import type { StyleView } from "#domain/styles";
import { checkerboard } from "~/lib/checkerboard";
import { cn } from "~/lib/cn";
import { responsiveImage } from "~/lib/image-url";
import { stylePresets } from "#domain/presets";

/** The user's styles as radio tiles, each with its first sample. Arrow keys move within the group. */
export function StylePicker(props: {
  styles: StyleView[];
  value: string | null;
  onChange(styleId: string): void;
  error?: string;
}) {
  const errorId = "style-picker-error";
  return (
    <fieldset className="grid gap-1.5" aria-describedby={props.error ? errorId : undefined}>
      <legend className="mb-1.5 text-sm font-medium">Style</legend>
      <div className="-m-1 grid max-h-[16.5rem] gap-2 overflow-y-auto p-1 sm:grid-cols-2 lg:grid-cols-1">
        {props.styles.map((style) => {
          const anchor = style.anchors[0];
          const checked = props.value === style.id;
          return (
            <label
              key={style.id}
              className={cn(
                "relative flex cursor-pointer items-center gap-3 rounded-xl border p-2 pr-3 transition has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-primary-500",
                checked
                  ? "border-primary-500 bg-primary-50/70 ring-1 ring-primary-500 dark:border-primary-400 dark:bg-primary-950/40 dark:ring-primary-400"
                  : "border-neutral-200 bg-white hover:border-neutral-300 hover:bg-neutral-50 dark:border-neutral-800 dark:bg-neutral-900 dark:hover:border-neutral-700 dark:hover:bg-neutral-800/60",
              )}
            >
              <input
                type="radio"
                name="styleId"
                value={style.id}
                checked={checked}
                onChange={() => props.onChange(style.id)}
                aria-label={style.name}
                aria-describedby={`style-defaults-${style.id}`}
                className="absolute inset-0 size-full cursor-pointer appearance-none rounded-xl opacity-0"
              />
              <span
                className={cn(
                  "grid size-11 shrink-0 place-items-center overflow-hidden rounded-lg",
                  anchor?.hasAlpha ? checkerboard("bg-[length:8px_8px]") : "bg-neutral-100 dark:bg-neutral-800",
                )}
              >
                {anchor ? (
                  <img
                    {...responsiveImage(anchor.url, { displayWidth: 44, sourceWidth: anchor.width, quality: 75 })}
                    alt=""
                    width={44}
                    height={44}
                    loading="lazy"
                    className="size-full object-contain"
                  />
                ) : (
                  <ImageIcon aria-hidden className="size-4 text-neutral-400" />
                )}
              </span>
              <span className="min-w-0 flex-1">
                <span className="block truncate text-sm font-medium">{style.name}</span>
                <span
                  id={`style-defaults-${style.id}`}
                  className="block truncate text-xs text-neutral-600 dark:text-neutral-400"
                >
                  {imageSizes[style.defaultSize].label} · {detailLevels[style.defaultDetail].label}
                  {style.defaultTransparent ? " · Transparent" : ""}
                </span>
              </span>
              <Check
                aria-hidden
                className={cn(
                  "size-4 shrink-0 text-primary-600 transition dark:text-primary-400",
                  checked ? "opacity-100" : "opacity-0",
                )}
              />
            </label>
          );
        })}
      </div>
      {props.error && (
        <p id={errorId} role="alert" className="text-sm text-red-600 dark:text-red-400">
          {props.error}
        </p>
      )}
    </fieldset>
  );
}

/** In place of the picker when the user has no style yet: what a style is, and where to make one. */
export function NoStyleYet() {
  return (
    <div className="grid gap-4 rounded-xl border border-dashed border-neutral-300 bg-neutral-50/60 p-4 dark:border-neutral-700 dark:bg-neutral-900/50">
      <div className="flex gap-3">
        <span className="grid size-10 shrink-0 place-items-center rounded-xl bg-primary-50 text-primary-600 dark:bg-primary-950 dark:text-primary-300">
          <Palette aria-hidden className="size-5" />
        </span>
        <div>
          <p className="font-semibold">Create a style first</p>
          <p className="mt-0.5 text-sm text-neutral-600 dark:text-neutral-400">
            Every object is made in a style, so a set looks like it belongs together. Describe one in words or start
            from a preset.
          </p>
        </div>
      </div>
      <ul className="grid grid-cols-3 gap-2" aria-label="Presets">
        {stylePresets.map((preset) => (
          <li key={preset.id}>
            <Link
              to="/app/style"
              className="group block overflow-hidden rounded-lg border border-neutral-200 bg-white transition hover:border-primary-300 dark:border-neutral-800 dark:bg-neutral-900 dark:hover:border-primary-700"
            >
              <img
                src={preset.previews[0]!.src}
                alt=""
                width={128}
                height={128}
                loading="lazy"
                className="aspect-square w-full [image-rendering:pixelated]"
              />
              <span className="block truncate border-t border-neutral-100 px-2 py-1.5 text-xs font-medium group-hover:text-primary-700 dark:border-neutral-800 dark:group-hover:text-primary-300">
                {preset.name}
              </span>
            </Link>
          </li>
        ))}
      </ul>
      <Link
        to="/app/style"
        className="inline-flex items-center gap-1 self-start text-sm font-medium text-primary-700 hover:underline dark:text-primary-300"
      >
        Create a style <ArrowRight aria-hidden className="size-4" />
      </Link>
    </div>
  );
}
