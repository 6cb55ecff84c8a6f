import { Check, ImageIcon } from "lucide-react";
import { AppLink } from "~/components/app-link";
import { detailLevels, imageSizes, type DetailLevel, type ImageSize } from "#domain/images";
import { PRESET_STYLE_PREFIX, stylePresets } from "#domain/presets";
import type { StyleView } from "#domain/styles";
import { checkerboard } from "~/lib/ui/checkerboard";
import { cn } from "~/lib/ui/cn";
import { responsiveImage } from "#domain/image-url";

/** Something the composer can generate in: one of the user's styles, or a preset (`preset:<id>`). */
export interface StyleChoice {
  id: string;
  name: string;
  hint: string;
  thumbnail: { url: string; width: number; hasAlpha: boolean } | { src: string } | null;
  /** The settings a style was made for; presets have none and keep what is chosen. */
  defaults: { size: ImageSize; detail: DetailLevel; transparent: boolean; model: string | null } | null;
}

/** A style made from a preset without samples yet shows the preset's first preview. */
function presetPreview(presetId: string | null): { src: string } | null {
  const src = stylePresets.find((p) => p.id === presetId)?.previews[0]?.src;
  return src ? { src } : null;
}

/**
 * The user's styles, newest first, then the presets they have not made a style of yet
 * (a preset used once is the user's own style from then on).
 */
export function styleChoices(styles: StyleView[]): { own: StyleChoice[]; presets: StyleChoice[] } {
  const own = styles.map((style): StyleChoice => {
    const anchor = style.anchors[0];
    return {
      id: style.id,
      name: style.name,
      hint: [
        imageSizes[style.defaultSize].label,
        detailLevels[style.defaultDetail].label,
        ...(style.defaultTransparent ? ["Transparent"] : []),
      ].join(" · "),
      thumbnail: anchor
        ? { url: anchor.url, width: anchor.width, hasAlpha: anchor.hasAlpha }
        : presetPreview(style.presetId),
      defaults: {
        size: style.defaultSize,
        detail: style.defaultDetail,
        transparent: style.defaultTransparent,
        model: style.defaultModel,
      },
    };
  });
  const presets = stylePresets
    .filter((preset) => !styles.some((s) => s.presetId === preset.id))
    .map((preset): StyleChoice => ({
      id: `${PRESET_STYLE_PREFIX}${preset.id}`,
      name: preset.name,
      hint: "Preset",
      thumbnail: preset.previews[0] ? { src: preset.previews[0].src } : null,
      defaults: null,
    }));
  return { own, presets };
}

/**
 * The styles to generate in, as radio tiles with a first sample each; presets below
 * the user's own. Arrow keys move through the whole group.
 */
export function StylePicker(props: {
  styles: StyleView[];
  value: string | null;
  onChange(choice: StyleChoice): void;
  error?: string;
}) {
  const { own, presets } = styleChoices(props.styles);
  const errorId = "style-picker-error";
  const tile = (choice: StyleChoice) => (
    <StyleTile key={choice.id} choice={choice} checked={props.value === choice.id} onChange={props.onChange} />
  );
  return (
    <fieldset className="grid gap-1.5" aria-describedby={props.error ? errorId : undefined}>
      <legend className="mb-1.5 text-sm font-medium">Style</legend>
      {own.length > 0 ? (
        <>
          <div className="-m-1 grid max-h-[13.25rem] gap-2 overflow-y-auto p-1 sm:grid-cols-2 lg:grid-cols-1">
            {own.map(tile)}
          </div>
          {presets.length > 0 && (
            <div className="mt-1 grid gap-1.5">
              <p className="text-xs text-neutral-600 dark:text-neutral-400">
                Or a preset: it becomes your own style the first time you use it.
              </p>
              <div className="grid grid-cols-3 gap-2">
                {presets.map((choice) => (
                  <StyleTile
                    key={choice.id}
                    compact
                    choice={choice}
                    checked={props.value === choice.id}
                    onChange={props.onChange}
                  />
                ))}
              </div>
            </div>
          )}
        </>
      ) : (
        <div className="grid gap-2">
          <p className="text-xs text-neutral-600 dark:text-neutral-400">
            You have no style of your own yet. Pick a preset, or{" "}
            <AppLink to="/app/style" className="font-medium text-primary-700 hover:underline dark:text-primary-300">
              create a style first
            </AppLink>{" "}
            from words or reference images.
          </p>
          {presets.map(tile)}
        </div>
      )}
      {props.error && (
        <p id={errorId} role="alert" className="text-sm text-error-600 dark:text-error-400">
          {props.error}
        </p>
      )}
    </fieldset>
  );
}

function StyleTile(props: {
  choice: StyleChoice;
  checked: boolean;
  onChange(choice: StyleChoice): void;
  /**
   * A small tile: thumbnail and name only (the presets under the user's own styles), three to a
   * row, so the name goes under the thumbnail and may take two lines: a phone reads it whole.
   */
  compact?: boolean;
}) {
  const { choice, checked, compact } = props;
  const thumbnail = choice.thumbnail;
  const hintId = `style-hint-${choice.id.replace(/[^\w-]/g, "-")}`;
  return (
    <label
      className={cn(
        "style-choice",
        compact ? "flex-col gap-1 p-1.5 text-center" : "gap-3 p-2 pr-3",
        checked ? "style-choice-checked" : "style-choice-idle",
      )}
    >
      {/* The real radio covers the tile: clicks, taps and assistive technology all reach it. */}
      <input
        type="radio"
        name="styleId"
        value={choice.id}
        checked={checked}
        onChange={() => props.onChange(choice)}
        aria-label={choice.name}
        aria-describedby={hintId}
        className="absolute inset-0 size-full cursor-pointer appearance-none rounded-xl opacity-0"
      />
      <span
        className={cn(
          "grid shrink-0 place-items-center overflow-hidden rounded-lg",
          compact ? "size-8" : "size-11",
          thumbnail && "url" in thumbnail && thumbnail.hasAlpha
            ? checkerboard("bg-[length:8px_8px]")
            : "bg-neutral-100 dark:bg-neutral-800",
        )}
      >
        {thumbnail && "url" in thumbnail ? (
          <img
            {...responsiveImage(thumbnail, { displayWidth: 44, sourceWidth: thumbnail.width, quality: 75 })}
            alt=""
            width={44}
            height={44}
            loading="lazy"
            className="size-full object-contain"
          />
        ) : thumbnail ? (
          <img
            src={thumbnail.src}
            alt=""
            width={44}
            height={44}
            loading="lazy"
            className="size-full bg-white [image-rendering:pixelated]"
          />
        ) : (
          <ImageIcon aria-hidden className="size-4 text-neutral-400" />
        )}
      </span>
      <span className={cn("min-w-0 flex-1", compact && "w-full")}>
        <span
          data-testid="style-tile-name"
          className={cn(
            "block font-medium",
            compact ? "line-clamp-2 text-xs leading-tight break-words" : "truncate text-sm",
          )}
        >
          {choice.name}
        </span>
        <span
          id={hintId}
          className={cn("block truncate text-xs text-neutral-600 dark:text-neutral-400", compact && "sr-only")}
        >
          {choice.hint}
        </span>
      </span>
      {/* A compact tile shows its choice by its border alone. */}
      {!compact && (
        <Check
          aria-hidden
          className={cn(
            "size-4 shrink-0 text-primary-600 transition dark:text-primary-400",
            checked ? "opacity-100" : "opacity-0",
          )}
        />
      )}
    </label>
  );
}
