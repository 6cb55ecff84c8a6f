import { Grid3x3, LoaderCircle, Undo2 } from "lucide-react";
import { useId, useState } from "react";
import { iconGrids, type IconGrid } from "#domain/icon-packages";
import { NORMALISE_DEFAULT_GRID, type NormaliseObjectsReply } from "#domain/normalise";
import type { ObjectSummary } from "#domain/objects";
import { callApi } from "~/lib/api/api-client";
import { plural } from "~/lib/words/object-format";
import { Button } from "../ui/button";
import { ModalDialog } from "../ui/sheet-dialog";
import { NormaliseThumbs, type Shown } from "./normalise-thumbs";

/** How many covers the dialog shows before and after: enough to judge, few enough to load at once. */
const SHOWN = 8;
/** Line weights offered, in units of a 24 grid, besides the set's own measured one. */
const WEIGHTS = ["measured", "1", "1.5", "2", "2.5"] as const;

type Scope = { ids: string[] } | { setId: string } | { styleId: string };

const messageOf = (error: unknown) => (error instanceof Error ? error.message : "Something went wrong.");
const fieldClasses =
  "rounded-md border border-neutral-300 bg-white px-2 py-1.5 text-sm dark:border-neutral-700 dark:bg-neutral-900";

/**
 * "Normalise…": the chosen objects brought to one grid, padding, optical size, stroke width and
 * palette, now and free. Each cover's normalised SVG becomes a new image and its cover; the dialog
 * then shows the covers before and after (the after over the grid, its live area outlined), and
 * can put the old covers back (they stay among each object's images).
 */
export function NormaliseDialog(props: {
  scope: Scope;
  objects: ObjectSummary[];
  count: number;
  title: string;
  onClose(): void;
  onChanged(): void;
}) {
  const id = useId();
  const [grid, setGrid] = useState<IconGrid>(NORMALISE_DEFAULT_GRID);
  const [weight, setWeight] = useState<(typeof WEIGHTS)[number]>("measured");
  const [working, setWorking] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<NormaliseObjectsReply | null>(null);
  // Taken when the dialog opens: the page reloads the covers once they are normalised.
  const [before] = useState<Shown[]>(() =>
    props.objects.slice(0, SHOWN).map((o) => ({ id: o.id, name: o.name, image: o.cover })),
  );
  const after: Shown[] = before.map((b) => {
    const made = done?.normalised.find((r) => r.objectId === b.id);
    return { ...b, name: `${b.name}, normalised`, image: made ? made.image : b.image };
  });

  async function normalise() {
    setWorking(true);
    setError(null);
    try {
      const body = { ...props.scope, grid, ...(weight === "measured" ? {} : { strokeWidth: Number(weight) }) };
      setDone(await callApi("post", "/api/objects/normalise", { body }));
      props.onChanged();
    } catch (failure) {
      setError(messageOf(failure));
    } finally {
      setWorking(false);
    }
  }

  async function putBack() {
    if (!done) return;
    setWorking(true);
    setError(null);
    try {
      await Promise.all(
        done.normalised.map((r) =>
          callApi("patch", "/api/objects/:id", {
            params: { id: r.objectId },
            body: { coverImageId: r.image.lineage.parentImageId! },
          }),
        ),
      );
      props.onChanged();
      props.onClose();
    } catch (failure) {
      setError(messageOf(failure));
    } finally {
      setWorking(false);
    }
  }

  const treatment = done?.treatment;
  return (
    <ModalDialog
      open
      onOpenChange={(open) => !open && !working && props.onClose()}
      title={props.title}
      description="Each cover's SVG is put on one grid with one padding, its artwork brought to the set's one height inside the live area, every stroke at one width with round ends, its colours the style's palette. Free and at once; the old covers stay among the images."
    >
      <div className="grid gap-5" data-testid="normalise-dialog">
        {!done && (
          <div className="flex flex-wrap gap-4">
            <label className="grid gap-1 text-sm font-medium" htmlFor={`${id}-grid`}>
              Grid
              <select
                id={`${id}-grid`}
                className={fieldClasses}
                value={grid}
                onChange={(e) => setGrid(Number(e.target.value) as IconGrid)}
              >
                {iconGrids.map((size) => (
                  <option key={size} value={size}>
                    {size} × {size}
                  </option>
                ))}
              </select>
            </label>
            <label className="grid gap-1 text-sm font-medium" htmlFor={`${id}-weight`}>
              Stroke width
              <select
                id={`${id}-weight`}
                className={fieldClasses}
                value={weight}
                onChange={(e) => setWeight(e.target.value as (typeof WEIGHTS)[number])}
              >
                {WEIGHTS.map((w) => (
                  <option key={w} value={w}>
                    {w === "measured" ? "The set's own (measured)" : `${w} (on a 24 grid)`}
                  </option>
                ))}
              </select>
            </label>
          </div>
        )}
        <div className="grid gap-3">
          <NormaliseThumbs label="Before" items={before} />
          {done && treatment && (
            <NormaliseThumbs
              label={`After, on the ${treatment.grid} grid with its live area outlined`}
              items={after}
              grid={{ size: treatment.grid, padding: treatment.padding }}
            />
          )}
          {props.count > SHOWN && (
            <p className="text-xs text-neutral-600 dark:text-neutral-400">
              The first {SHOWN} of {plural(props.count, "object")}.
            </p>
          )}
        </div>
        {done && treatment && (
          <p role="status" className="text-sm">
            Normalised {plural(done.normalised.length, "object")}, free: a {treatment.grid} grid, padding{" "}
            {treatment.padding}, height {treatment.height}
            {treatment.strokeWidth !== null && `, stroke width ${treatment.strokeWidth}`}.
            {done.skipped.length > 0 &&
              ` ${plural(done.skipped.length, "object")} left as they were (no SVG or no image).`}
          </p>
        )}
        {error && (
          <p role="alert" className="text-sm text-red-700 dark:text-red-300">
            {error}
          </p>
        )}
        <div className="flex flex-wrap justify-end gap-2 border-t border-neutral-200 pt-5 dark:border-neutral-800">
          {done ? (
            <>
              <Button variant="secondary" disabled={working} onClick={() => void putBack()}>
                <Undo2 aria-hidden className="size-4" /> Put the old covers back
              </Button>
              <Button onClick={props.onClose} disabled={working}>
                Done
              </Button>
            </>
          ) : (
            <>
              <Button variant="secondary" onClick={props.onClose} disabled={working}>
                Cancel
              </Button>
              <Button onClick={() => void normalise()} disabled={working} data-testid="normalise-confirm">
                {working ? (
                  <LoaderCircle aria-hidden className="size-4 animate-spin" />
                ) : (
                  <Grid3x3 aria-hidden className="size-4" />
                )}
                {working ? "Normalising…" : `Normalise ${plural(props.count, "object")}`}
              </Button>
            </>
          )}
        </div>
      </div>
    </ModalDialog>
  );
}

/** "Normalise…" beside "Recolour…": the button and its dialog, for a set, a selection or a style. */
export function NormaliseButton(props: {
  scope: Scope;
  objects: ObjectSummary[];
  count: number;
  title: string;
  label: string;
  size?: "sm";
  onChanged(): void;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        variant="secondary"
        size={props.size}
        disabled={props.count === 0}
        title={props.count === 0 ? "Nothing made to normalise yet" : undefined}
        onClick={() => setOpen(true)}
      >
        <Grid3x3 aria-hidden className="size-4" /> {props.label}
      </Button>
      {open && <NormaliseDialog {...props} onClose={() => setOpen(false)} />}
    </>
  );
}
