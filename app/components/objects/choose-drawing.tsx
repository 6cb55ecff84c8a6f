import { Check, LoaderCircle, Shapes } from "lucide-react";
import { useEffect, useRef, useState, type KeyboardEvent } from "react";
import { sameDrawing, type DrawingChoice, type DrawingsReply } from "#domain/drawings";
import { callApi } from "~/lib/api/api-client";
import { checkerboard } from "~/lib/ui/checkerboard";
import { cn } from "~/lib/ui/cn";
import { refusalMessage } from "~/lib/words/refusal-message";
import { toast } from "~/lib/state/toast-store";
import { Button } from "../ui/button";
import { ModalDialog } from "../ui/sheet-dialog";

/** An SVG document as an image source: base64, so any character in it is safe. */
function svgSource(svg: string): string {
  const bytes = new TextEncoder().encode(svg);
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return `data:image/svg+xml;base64,${btoa(binary)}`;
}

/** "fluent-emoji-flat" icon "red-apple" → "Red apple". */
const iconName = (icon: string) => {
  const words = icon.replace(/[-_]+/g, " ").trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/**
 * "Choose another drawing", for an image the preview engine made: the library drawings of the
 * object's subject, redrawn in its style, to pick from. The pick is kept on the object and drawn
 * at once, free, as its cover.
 */
export function ChooseDrawing(props: { objectId: string; objectName: string; onChosen(coverImageId: string): void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)} data-testid="choose-drawing">
        <Shapes aria-hidden className="size-4" /> Choose another drawing
        <span className="text-neutral-500 dark:text-neutral-400">· free</span>
      </Button>
      {open && <DrawingsDialog {...props} onClose={() => setOpen(false)} />}
    </>
  );
}

function DrawingsDialog(props: {
  objectId: string;
  objectName: string;
  onChosen(coverImageId: string): void;
  onClose(): void;
}) {
  const [reply, setReply] = useState<DrawingsReply | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const [choosing, setChoosing] = useState<DrawingChoice | null>(null);
  const grid = useRef<HTMLUListElement>(null);

  useEffect(() => {
    let live = true;
    callApi("get", "/api/objects/:id/drawings", { params: { id: props.objectId } }).then(
      (answer) => live && setReply(answer),
      (error: unknown) =>
        live && setFailed(refusalMessage(error, "The drawings could not be loaded. Please try again.")),
    );
    return () => {
      live = false;
    };
  }, [props.objectId]);

  async function choose(drawing: DrawingChoice) {
    if (sameDrawing(drawing, reply?.current) || choosing) return;
    setChoosing(drawing);
    try {
      const { object } = await callApi("post", "/api/objects/:id/drawing", {
        params: { id: props.objectId },
        body: { set: drawing.set, icon: drawing.icon },
      });
      toast({
        title: "Drawing chosen",
        description:
          `${props.objectName} is drawn as ${iconName(drawing.icon)} now, free; more variations keep it.` +
          (reply?.current ? ` To go back, choose ${iconName(reply.current.icon)} again.` : ""),
        color: "success",
      });
      props.onClose();
      if (object.coverImageId) props.onChosen(object.coverImageId);
    } catch (error) {
      toast({
        title: "Drawing error",
        description: refusalMessage(error, "The drawing could not be chosen. Please try again."),
        color: "error",
      });
      setChoosing(null);
    }
  }

  /** Arrow keys move between the drawings, as in a grid; Home and End go to the first and last. */
  function move(event: KeyboardEvent<HTMLUListElement>) {
    const buttons = [...(grid.current?.querySelectorAll<HTMLButtonElement>("button") ?? [])];
    const at = buttons.indexOf(document.activeElement as HTMLButtonElement);
    if (at < 0) return;
    const columns = Math.max(1, Math.round(grid.current!.clientWidth / buttons[0]!.offsetWidth));
    const step = { ArrowRight: 1, ArrowLeft: -1, ArrowDown: columns, ArrowUp: -columns }[event.key];
    const next =
      event.key === "Home" ? 0 : event.key === "End" ? buttons.length - 1 : step !== undefined ? at + step : null;
    if (next === null) return;
    event.preventDefault();
    buttons[Math.min(buttons.length - 1, Math.max(0, next))]?.focus();
  }

  return (
    <ModalDialog
      open
      onOpenChange={(open) => !open && props.onClose()}
      title="Choose another drawing"
      description={`Drawings of ${props.objectName} from every icon library, in its style. The one you pick becomes its cover, free.`}
    >
      {failed ? (
        <p role="alert" className="text-sm text-error-700 dark:text-error-400">
          {failed}
        </p>
      ) : !reply ? (
        <div role="status" aria-label="Loading drawings" className="grid grid-cols-3 gap-3 sm:grid-cols-4">
          {Array.from({ length: 8 }, (_, i) => (
            <div key={i} className="aspect-square animate-pulse rounded-xl bg-neutral-100 dark:bg-neutral-800" />
          ))}
        </div>
      ) : reply.candidates.length === 0 ? (
        <p className="rounded-xl border border-dashed border-neutral-300 px-4 py-10 text-center text-sm text-neutral-600 dark:border-neutral-700 dark:text-neutral-400">
          No other drawing fits this subject.
        </p>
      ) : (
        <ul
          ref={grid}
          onKeyDown={move}
          aria-label="Drawings"
          className="grid grid-cols-3 gap-3 sm:grid-cols-4"
          data-testid="drawing-candidates"
        >
          {reply.candidates.map((candidate) => {
            const current = sameDrawing(candidate, reply.current);
            const busy = sameDrawing(candidate, choosing);
            const label = `${iconName(candidate.icon)} from ${candidate.library}`;
            return (
              <li key={`${candidate.set}:${candidate.icon}`}>
                <button
                  type="button"
                  aria-pressed={current}
                  aria-busy={busy}
                  disabled={choosing !== null && !busy}
                  title={label}
                  onClick={() => void choose(candidate)}
                  className={cn(
                    "group relative grid w-full gap-1 rounded-xl p-1.5 text-left ring-1 transition",
                    "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-500",
                    "disabled:opacity-50",
                    current
                      ? "bg-primary-50 ring-2 ring-primary-600 dark:bg-primary-950/60 dark:ring-primary-400"
                      : "ring-neutral-200 hover:bg-neutral-50 hover:ring-primary-400 dark:ring-neutral-700 dark:hover:bg-neutral-800",
                  )}
                >
                  <span className={cn("block aspect-square overflow-hidden rounded-lg", checkerboard())}>
                    <img src={svgSource(candidate.svg)} alt={label} className="size-full object-contain" />
                  </span>
                  <span className="truncate px-0.5 text-xs font-medium text-neutral-800 dark:text-neutral-200">
                    {iconName(candidate.icon)}
                  </span>
                  <span className="line-clamp-2 px-0.5 text-[0.7rem] break-words text-neutral-600 dark:text-neutral-400">
                    {candidate.library}
                  </span>
                  {current && (
                    <span className="absolute top-2.5 left-2.5 inline-flex items-center gap-1 rounded-full bg-primary-700 px-2 py-0.5 text-[0.7rem] font-medium text-white dark:bg-primary-300 dark:text-neutral-950">
                      <Check aria-hidden className="size-3" /> Current
                    </span>
                  )}
                  {busy && (
                    <span className="absolute inset-0 grid place-items-center rounded-xl bg-white/70 dark:bg-neutral-950/60">
                      <LoaderCircle
                        aria-hidden
                        className="size-6 animate-spin text-primary-700 dark:text-primary-300"
                      />
                      <span className="sr-only">Drawing it…</span>
                    </span>
                  )}
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </ModalDialog>
  );
}
