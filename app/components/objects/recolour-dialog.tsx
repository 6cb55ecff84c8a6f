import { LoaderCircle, Palette, Undo2 } from "lucide-react";
import { useState } from "react";
import { responsiveImage } from "#domain/image-url";
import type { ObjectSummary } from "#domain/objects";
import { RECOLOUR_MIN_COLOURS, type RecolourObjectsReply } from "#domain/recolour";
import { callApi } from "~/lib/api/api-client";
import { checkerboard } from "~/lib/ui/checkerboard";
import { cn } from "~/lib/ui/cn";
import { plural } from "~/lib/words/object-format";
import { PaletteEditor } from "../palette-editor";
import { Button } from "../ui/button";
import { ModalDialog } from "../ui/sheet-dialog";
import { useRecolourPreview } from "./use-recolour-preview";

/** How many covers the dialog shows before and after: enough to judge, few enough to load at once. */
const SHOWN = 8;

type Scope = { ids: string[] } | { setId: string } | { styleId: string };
type Shown = { id: string; name: string; image: { src: string; srcSet?: string } | null };

/** A cover's thumbnail, the width it is shown at. */
const thumbOf = (image: { url: string; signature?: string } | null) =>
  image ? responsiveImage(image, { displayWidth: 64 }) : null;

const messageOf = (error: unknown) => (error instanceof Error ? error.message : "Something went wrong.");

function Thumbs(props: { label: string; items: Shown[] }) {
  return (
    <figure className="grid gap-1.5">
      <figcaption className="text-xs font-medium text-neutral-600 dark:text-neutral-400">{props.label}</figcaption>
      <ul className="grid grid-cols-4 gap-2 sm:grid-cols-8" aria-label={props.label}>
        {props.items.map((item) => (
          <li
            key={item.id}
            className={cn(
              "aspect-square overflow-hidden rounded-lg border border-neutral-200 dark:border-neutral-800",
              checkerboard("bg-[length:8px_8px]"),
            )}
          >
            {item.image && <img {...item.image} sizes="64px" alt={item.name} className="size-full object-contain" />}
          </li>
        ))}
      </ul>
    </figure>
  );
}

/**
 * "Recolour…": the chosen objects in another palette, now and free. Each cover is redrawn in the
 * new colours as a new image that becomes the cover. The dialog previews the covers in the palette
 * as it is edited, then shows them before and after, and can put the old covers back (they stay
 * among each object's images).
 */
export function RecolourDialog(props: {
  scope: Scope;
  /** The objects, for their covers before; the first few are shown. */
  objects: ObjectSummary[];
  count: number;
  title: string;
  initialPalette: string[];
  onClose(): void;
  onChanged(): void;
}) {
  const [palette, setPalette] = useState(props.initialPalette);
  const [valid, setValid] = useState(true);
  const [working, setWorking] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<RecolourObjectsReply | null>(null);
  const tooFew = palette.length < RECOLOUR_MIN_COLOURS;
  // Taken when the dialog opens: the page reloads the covers once they are recoloured.
  const [before] = useState<Shown[]>(() =>
    props.objects.slice(0, SHOWN).map((o) => ({ id: o.id, name: o.name, image: thumbOf(o.cover) })),
  );
  // Until it is done: the covers in the palette as edited, drawn in the browser; then the new covers.
  const previews = useRecolourPreview(
    before.map((b) => ({ id: b.id, src: b.image?.src ?? null })),
    done || !valid || tooFew ? null : palette,
  );
  const after: Shown[] = before.map((b) => {
    const made = done?.recoloured.find((r) => r.objectId === b.id);
    const preview = previews[b.id];
    const image = made ? thumbOf(made.image) : preview ? { src: preview } : b.image;
    return { ...b, name: `${b.name}, recoloured`, image };
  });

  async function recolour() {
    setWorking(true);
    setError(null);
    try {
      setDone(await callApi("post", "/api/objects/recolour", { body: { ...props.scope, palette } }));
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
        done.recoloured.map((r) =>
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

  return (
    <ModalDialog
      open
      onOpenChange={(open) => !open && !working && props.onClose()}
      title={props.title}
      description="Each cover is redrawn in the new colours, darkest to darkest and lightest to lightest, as a new image that becomes its cover. Free and at once; the old covers stay among the images."
    >
      <div className="grid gap-5" data-testid="recolour-dialog">
        {!done && (
          <PaletteEditor
            value={palette}
            legend="New palette"
            hint={`${RECOLOUR_MIN_COLOURS} to 8 colours. Pick a colour or type its code, like #2a9d8f.`}
            onChange={setPalette}
            onValidity={setValid}
          />
        )}
        {!done && tooFew && (
          <p className="text-sm text-amber-800 dark:text-amber-300">Add a colour: a palette needs at least two.</p>
        )}
        <div className="grid gap-3">
          <Thumbs label="Before" items={before} />
          <Thumbs label={done ? "After" : "Preview"} items={after} />
          {props.count > SHOWN && (
            <p className="text-xs text-neutral-600 dark:text-neutral-400">
              The first {SHOWN} of {plural(props.count, "object")}.
            </p>
          )}
        </div>
        {done && (
          <p role="status" className="text-sm">
            Recoloured {plural(done.recoloured.length, "object")}, free.
            {done.skipped.length > 0 && ` ${plural(done.skipped.length, "object")} without images left as they were.`}
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
              <Button
                onClick={() => void recolour()}
                disabled={working || !valid || tooFew}
                data-testid="recolour-confirm"
              >
                {working ? (
                  <LoaderCircle aria-hidden className="size-4 animate-spin" />
                ) : (
                  <Palette aria-hidden className="size-4" />
                )}
                {working ? "Recolouring…" : `Recolour ${plural(props.count, "object")}`}
              </Button>
            </>
          )}
        </div>
      </div>
    </ModalDialog>
  );
}
