import { ArrowLeft, ArrowRight, LoaderCircle, RotateCcw, Save, Trash2, WandSparkles } from "lucide-react";
import { useId, useState } from "react";
import { drawnCell, type Direction } from "#domain/animation";
import type { JobView, ObjectImageView } from "#domain/objects";
import { priceOf } from "#domain/pricing";
import { callApi } from "~/lib/api/api-client";
import { useMakeImage } from "~/lib/hooks/use-make-image";
import { useModels } from "~/lib/hooks/use-models";
import { useStartObjectJob } from "~/lib/hooks/use-start-object-job";
import { cn } from "~/lib/ui/cn";
import { priceText } from "~/lib/words/object-format";
import { Button } from "../ui/button";
import { sheetCell, sheetDirections, type SheetAnimation } from "./animation-player";

/** What a panel needs to start a paid job on the object: its size and detail, its model, and where a job goes. */
export interface ObjectJobContext {
  settings: { size: "square" | "portrait" | "landscape"; detail: "draft" | "standard" | "high" };
  model: string | null;
  onStarted(job: JobView): void;
}

const identity = (count: number) => Array.from({ length: count }, (_, frame) => frame);

/**
 * The frames of the sheet shown, in the row facing `direction`: choose one to hold it in the
 * player; move it earlier or later or drop it — every row alike — and keep that order as a new sheet
 * (free); on a sheet a model drew, redraw the chosen frame (one image's price).
 */
export function AnimationFrames(props: {
  objectId: string;
  objectName: string;
  image: ObjectImageView;
  animation: SheetAnimation;
  direction: Direction;
  selected: number | null;
  onSelect(frame: number | null): void;
  knownIds: string[];
  jobs: ObjectJobContext;
  onMade(imageId: string): void;
}) {
  const { image, animation, selected } = props;
  const id = useId();
  const [order, setOrder] = useState(() => identity(animation.frames));
  const changed = order.join() !== identity(animation.frames).join();
  const saving = useMakeImage<"frames">(props);
  const redraw = useStartObjectJob(props.objectId, "animation/redraw-frame", props.jobs.onStarted);
  const models = useModels();
  const drewIt = models.models.find((model) => model.id === image.provider && model.edit.words);
  const drawer = drewIt ?? models.models.find((model) => model.edit.words) ?? null;
  const price = drawer ? priceOf({ ...props.jobs.settings, count: 1, prices: drawer.prices }) : 0;
  const row = Math.max(0, sheetDirections(animation).indexOf(props.direction));
  const at = selected === null ? null : order.indexOf(selected);

  const move = (step: number) => {
    if (at === null || at + step < 0 || at + step >= order.length) return;
    const next = [...order];
    [next[at], next[at + step]] = [next[at + step]!, next[at]!];
    setOrder(next);
  };
  const drop = () => {
    if (at === null || order.length <= 2) return;
    setOrder(order.filter((_, place) => place !== at));
    props.onSelect(null);
  };
  const save = () => {
    const body = { imageId: image.id, order };
    return saving.make(
      "frames",
      {
        body,
        send: (headers) =>
          callApi("post", "/api/objects/:id/animation/frames", { params: { id: props.objectId }, body, headers }),
      },
      {
        title: "Frames saved",
        made: () => `A new sheet of ${props.objectName} with ${order.length} frames in this order was added.`,
        earlier: "A sheet in this order was made before: it is shown now.",
        errorTitle: "Frames error",
        failed: "The frames could not be saved. Please try again.",
      },
    );
  };
  const redrawFrame = () =>
    selected !== null &&
    drawer &&
    redraw.start(
      {
        imageId: image.id,
        frame: drawnCell(
          { ...animation, directions: animation.directions as 1 | 4 | 8, mirror: animation.drawn?.mirror ?? true },
          props.direction,
          selected,
        ),
        model: drawer.id,
      },
      {
        started: `Redrawing frame ${selected + 1} of ${props.objectName}`,
        done: `Redrew frame ${selected + 1} of ${props.objectName}: a new sheet was added`,
        errorTitle: "Redraw error",
        failed: "The frame could not be redrawn. You were not charged. Please try again.",
      },
    );

  return (
    <div className="grid gap-2">
      <p id={`${id}-label`} className="text-sm font-medium">
        Frames
        <span className="font-normal text-neutral-500 dark:text-neutral-400">
          {" "}
          · choose one to hold it{changed ? " · order not saved" : ""}
        </span>
      </p>
      <ul aria-labelledby={`${id}-label`} className="flex flex-wrap gap-1.5">
        {order.map((frame, place) => (
          <li key={`${place}-${frame}`}>
            <button
              type="button"
              aria-pressed={selected === frame}
              aria-label={`Frame ${place + 1}${frame !== place ? ` (was ${frame + 1})` : ""}`}
              onClick={() => props.onSelect(selected === frame ? null : frame)}
              className={cn(
                "size-12 rounded-lg bg-neutral-50 ring-1 ring-neutral-200 transition focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-500 dark:bg-neutral-950 dark:ring-neutral-800",
                selected === frame && "ring-2 ring-primary-500 dark:ring-primary-400",
              )}
              style={sheetCell(image.url, animation, { frame, row })}
            />
          </li>
        ))}
      </ul>
      {at !== null && (
        <div role="group" aria-label={`Frame ${at + 1}`} className="flex flex-wrap gap-2">
          <Button variant="secondary" size="sm" onClick={() => move(-1)} disabled={at === 0}>
            <ArrowLeft aria-hidden className="size-4" /> Earlier
          </Button>
          <Button variant="secondary" size="sm" onClick={() => move(1)} disabled={at === order.length - 1}>
            <ArrowRight aria-hidden className="size-4" /> Later
          </Button>
          <Button variant="secondary" size="sm" onClick={drop} disabled={order.length <= 2}>
            <Trash2 aria-hidden className="size-4" /> Drop
          </Button>
          {animation.drawn && (
            <Button
              variant="secondary"
              size="sm"
              onClick={() => void redrawFrame()}
              disabled={!drawer || changed || redraw.busy}
              title={changed ? "Save or reset the order first" : undefined}
              data-testid="redraw-frame"
            >
              {redraw.busy ? (
                <LoaderCircle aria-hidden className="size-4 animate-spin" />
              ) : (
                <WandSparkles aria-hidden className="size-4" />
              )}
              Redraw <span className="font-normal">· {priceText(price)}</span>
            </Button>
          )}
        </div>
      )}
      {changed && (
        <div className="flex flex-wrap gap-2">
          <Button size="sm" onClick={() => void save()} disabled={saving.busy !== null} data-testid="save-frames">
            {saving.busy ? (
              <LoaderCircle aria-hidden className="size-4 animate-spin" />
            ) : (
              <Save aria-hidden className="size-4" />
            )}
            Save as a new sheet <span className="font-normal">· free</span>
          </Button>
          <Button variant="ghost" size="sm" onClick={() => setOrder(identity(animation.frames))}>
            <RotateCcw aria-hidden className="size-4" /> Reset
          </Button>
        </div>
      )}
    </div>
  );
}
