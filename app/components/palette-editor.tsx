import { Plus, X } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { PALETTE_MAX } from "#domain/styles";
import { cn } from "~/lib/ui/cn";
import { Button } from "./ui/button";

const HEX = /^#[0-9a-f]{6}$/i;

/**
 * A style's palette, edited directly: each colour has a colour picker and its hex
 * code (typed from the keyboard), and can be removed; colours can be added up to the
 * limit. `onChange` receives only valid palettes; `onValidity` says when a typed code
 * is not a colour yet.
 */
export function PaletteEditor(props: {
  value: string[];
  onChange(palette: string[]): void;
  onValidity?(valid: boolean): void;
  /** What the colours are for, under the legend; a style's palette by default. */
  hint?: string;
  legend?: string;
}) {
  const id = useId();
  const [texts, setTexts] = useState(props.value);
  const focusIndex = useRef<number | null>(null);
  const rows = useRef<(HTMLInputElement | null)[]>([]);

  useEffect(() => {
    if (focusIndex.current === null) return;
    rows.current[focusIndex.current]?.focus();
    rows.current[focusIndex.current]?.select();
    focusIndex.current = null;
  }, [texts.length]);

  function update(next: string[]) {
    setTexts(next);
    const valid = next.every((t) => HEX.test(t.trim()));
    props.onValidity?.(valid);
    if (valid) props.onChange(next.map((t) => t.trim().toLowerCase()));
  }

  return (
    <fieldset className="grid gap-2">
      <legend className="text-sm font-medium">{props.legend ?? "Palette"}</legend>
      <p id={`${id}-hint`} className="text-xs text-neutral-600 dark:text-neutral-400">
        {props.hint ??
          "The colours every image in this style is asked to use. Pick a colour or type its code, like #2a9d8f."}
      </p>
      <ul className="grid gap-2 sm:grid-cols-2" aria-label="Palette colours">
        {texts.map((text, i) => {
          const valid = HEX.test(text.trim());
          return (
            <li key={i} className="flex items-center gap-2">
              <input
                type="color"
                aria-label={`Colour ${i + 1}`}
                value={valid ? text.trim().toLowerCase() : "#000000"}
                onChange={(e) => update(texts.map((t, j) => (j === i ? e.target.value : t)))}
                className="size-10 shrink-0 cursor-pointer rounded-lg border border-neutral-300 bg-white p-1 dark:border-neutral-700 dark:bg-neutral-950"
              />
              <input
                ref={(element) => {
                  rows.current[i] = element;
                }}
                type="text"
                inputMode="text"
                spellCheck={false}
                aria-label={`Colour ${i + 1} code`}
                aria-invalid={valid ? undefined : true}
                aria-describedby={valid ? `${id}-hint` : `${id}-error-${i}`}
                value={text}
                maxLength={7}
                onChange={(e) => update(texts.map((t, j) => (j === i ? e.target.value : t)))}
                className={cn(
                  "h-10 w-full min-w-0 rounded-xl border border-neutral-300 bg-white px-3 font-mono text-sm outline-none focus:border-primary-500 focus:ring-4 focus:ring-primary-500/15 dark:border-neutral-700 dark:bg-neutral-950",
                  !valid && "border-red-500 dark:border-red-500",
                )}
              />
              {!valid && (
                <span id={`${id}-error-${i}`} className="sr-only">
                  Use a colour like #2a9d8f.
                </span>
              )}
              <Button
                type="button"
                variant="ghost"
                size="icon"
                className="size-10 shrink-0"
                aria-label={`Remove colour ${i + 1} (${text})`}
                disabled={texts.length <= 1}
                onClick={() => {
                  focusIndex.current = Math.max(0, i - 1);
                  update(texts.filter((_, j) => j !== i));
                }}
              >
                <X aria-hidden className="size-4" />
              </Button>
            </li>
          );
        })}
      </ul>
      {texts.some((t) => !HEX.test(t.trim())) && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          Use colours like #2a9d8f.
        </p>
      )}
      <div>
        <Button
          type="button"
          variant="secondary"
          size="sm"
          disabled={texts.length >= PALETTE_MAX}
          onClick={() => {
            focusIndex.current = texts.length;
            update([...texts, texts.at(-1) ?? "#808080"]);
          }}
        >
          <Plus aria-hidden className="size-4" /> Add colour
        </Button>
        {texts.length >= PALETTE_MAX && (
          <span className="ml-2 text-xs text-neutral-600 dark:text-neutral-400">At most {PALETTE_MAX} colours.</span>
        )}
      </div>
    </fieldset>
  );
}
