import {
  ArrowDown,
  ArrowLeft,
  ArrowRight,
  ArrowUp,
  Expand,
  ImagePlus,
  LoaderCircle,
  Maximize,
  type LucideIcon,
} from "lucide-react";
import { useId, useState } from "react";
import { pickModel, type ModelView } from "#domain/models";
import type { JobView, ObjectDetail, ObjectImageView } from "#domain/objects";
import {
  extendedSize,
  OUTPAINT_WORDS_MAX,
  outpaintAmounts,
  type OutpaintMode,
  type OutpaintSides,
} from "#domain/outpaint";
import { priceOf } from "#domain/pricing";
import { useModels } from "~/lib/hooks/use-models";
import { useStartObjectJob } from "~/lib/hooks/use-start-object-job";
import { cn } from "~/lib/ui/cn";
import { priceText } from "~/lib/words/object-format";
import { useAuth } from "../auth-provider";
import { Button } from "../ui/button";
import { SegmentedControl } from "../ui/segmented-control";
import { TextField } from "../ui/text-field";
import { shownImage } from "./shown-image";

type Direction = "up" | "left" | "all" | "right" | "down";
type Amount = (typeof outpaintAmounts)[number];

/** The direction pad, as it is laid out: a cross, "all sides" in the middle. */
const pad: { direction: Direction; label: string; Icon: LucideIcon; cell: string }[] = [
  { direction: "up", label: "Up", Icon: ArrowUp, cell: "col-start-2 row-start-1" },
  { direction: "left", label: "Left", Icon: ArrowLeft, cell: "col-start-1 row-start-2" },
  { direction: "all", label: "All sides", Icon: Maximize, cell: "col-start-2 row-start-2" },
  { direction: "right", label: "Right", Icon: ArrowRight, cell: "col-start-3 row-start-2" },
  { direction: "down", label: "Down", Icon: ArrowDown, cell: "col-start-2 row-start-3" },
];

function sidesFor(direction: Direction, amount: Amount): OutpaintSides {
  const none = { left: 0, right: 0, top: 0, bottom: 0 };
  if (direction === "all") return { left: amount, right: amount, top: amount, bottom: amount };
  const side = { up: "top", down: "bottom", left: "left", right: "right" } as const;
  return { ...none, [side[direction]]: amount };
}

const canRepaint = (model: ModelView) => model.edit.region;

/**
 * "Extend or replace background": the shown image's canvas made larger in a direction by a share
 * of its size, the new space painted by a model; or a new background painted behind its subject.
 * Priced before the click (one edit on the model that does it); on the preview engine alone it
 * says why not. The original's pixels are kept exactly.
 */
export function OutpaintPanel(props: {
  object: Pick<ObjectDetail, "id" | "name" | "size" | "detail" | "style">;
  image: ObjectImageView;
  onStarted(job: JobView): void;
}) {
  const { object, image } = props;
  const id = useId();
  const { authUser } = useAuth();
  const models = useModels();
  const [mode, setMode] = useState<OutpaintMode>("extend");
  const [direction, setDirection] = useState<Direction>("right");
  const [amount, setAmount] = useState<Amount>(0.5);
  const [words, setWords] = useState("");
  const { start, busy } = useStartObjectJob(object.id, "outpaint", props.onStarted);
  const preferred = pickModel(models, object.style.defaultModel);
  const painter = canRepaint(preferred) ? preferred : (models.models.find(canRepaint) ?? null);
  const price = painter ? priceOf({ size: object.size, detail: object.detail, count: 1, prices: painter.prices }) : 0;
  const balance = authUser?.credits ?? null;
  const short = painter !== null && balance !== null && balance < price;
  const sides = sidesFor(direction, amount);
  const size = extendedSize(image, sides);
  const trimmed = words.trim();
  const background = mode === "background";
  const ready = painter !== null && painter.reachable && !busy && !short && (!background || trimmed.length > 0);
  const reason =
    painter === null
      ? (preferred.edit.why ?? "None of the models here can repaint a region of an image, which this needs.")
      : !painter.reachable
        ? `${painter.label} cannot be reached just now.`
        : short
          ? `This needs ${priceText(price)}; you have ${priceText(balance ?? 0)}.`
          : null;

  function submit() {
    if (!painter) return;
    const body = {
      imageId: image.id,
      mode,
      model: painter.id,
      ...(background ? {} : { sides }),
      ...(trimmed ? { words: trimmed } : {}),
    };
    void start(body, {
      started: background ? `Painting a new background for ${object.name}` : `Extending ${object.name}`,
      done: background ? `Painted a new background for ${object.name}` : `Extended ${object.name}`,
      errorTitle: background ? "Background error" : "Extend error",
      failed: "It could not be started. You were not charged. Please try again.",
    }).then((job) => job && setWords(""));
  }

  return (
    <section
      aria-labelledby={`${id}-heading`}
      className="grid gap-4 rounded-2xl border border-neutral-200 bg-white p-5 dark:border-neutral-800 dark:bg-neutral-900"
      data-testid="outpaint-panel"
    >
      <div>
        <h2 id={`${id}-heading`} className="font-semibold">
          Extend or replace background
        </h2>
        <p className="mt-1 text-sm text-neutral-600 dark:text-neutral-400">
          A model paints only the new space; every pixel of this image stays as it is.
        </p>
      </div>
      <SegmentedControl<OutpaintMode>
        legend="What to do"
        name={`${id}-mode`}
        value={mode}
        options={[
          { value: "extend", label: "Extend" },
          { value: "background", label: "New background" },
        ]}
        onChange={setMode}
      />
      {background ? (
        <TextField
          label="New background"
          hint="For an image with a transparent or plain background: the subject stays, the rest is painted anew."
          placeholder="a misty forest at dawn"
          value={words}
          onChange={(event) => setWords(event.target.value)}
          maxLength={OUTPAINT_WORDS_MAX}
          disabled={!painter}
        />
      ) : (
        <>
          <div className="flex items-center gap-4">
            <div role="group" aria-label="Direction" className="grid shrink-0 grid-cols-3 grid-rows-3 gap-1">
              {pad.map(({ direction: value, label, Icon, cell }) => (
                <button
                  key={value}
                  type="button"
                  aria-pressed={direction === value}
                  aria-label={label}
                  title={label}
                  onClick={() => setDirection(value)}
                  className={cn(
                    "inline-flex size-10 items-center justify-center rounded-lg transition focus-visible:outline-2 focus-visible:outline-primary-500",
                    cell,
                    direction === value
                      ? "bg-primary-600 text-white shadow-sm dark:bg-primary-500"
                      : "bg-neutral-100 text-neutral-700 hover:bg-neutral-200 dark:bg-neutral-800 dark:text-neutral-200 dark:hover:bg-neutral-700",
                  )}
                >
                  <Icon aria-hidden className="size-4" />
                </button>
              ))}
            </div>
            <ExtendPreview image={image} size={size} />
          </div>
          <SegmentedControl<string>
            legend="By"
            name={`${id}-amount`}
            value={String(amount)}
            options={outpaintAmounts.map((share) => ({ value: String(share), label: `${share * 100}\u00a0%` }))}
            onChange={(value) => setAmount(Number(value) as Amount)}
          />
          <TextField
            label="What is in the new space (optional)"
            placeholder="more of the meadow"
            value={words}
            onChange={(event) => setWords(event.target.value)}
            maxLength={OUTPAINT_WORDS_MAX}
            disabled={!painter}
          />
        </>
      )}
      <div className="grid gap-1.5">
        <Button
          variant="secondary"
          disabled={!ready}
          onClick={submit}
          data-testid="outpaint"
          aria-describedby={reason ? `${id}-reason` : undefined}
        >
          {busy ? (
            <LoaderCircle aria-hidden className="size-4 animate-spin" />
          ) : background ? (
            <ImagePlus aria-hidden className="size-4" />
          ) : (
            <Expand aria-hidden className="size-4" />
          )}
          {background ? "Paint background" : "Extend"}
          {painter && <span className="font-normal">· {priceText(price)}</span>}
        </Button>
        <p id={`${id}-reason`} className="text-xs text-neutral-500 dark:text-neutral-400" data-testid="outpaint-hint">
          {reason ??
            `With ${painter!.label}${painter!.id === preferred.id ? "" : " (the object's model cannot repaint a region)"}.`}
        </p>
      </div>
    </section>
  );
}

/** The new canvas in small: the image where it will be, the new space around it dashed, and the sizes. */
function ExtendPreview(props: { image: ObjectImageView; size: ReturnType<typeof extendedSize> }) {
  const { image, size } = props;
  const shown = shownImage(image, { displayWidth: 112, quality: 75 });
  const share = (part: number, whole: number) => `${(part / whole) * 100}%`;
  const wide = size.width >= size.height;
  return (
    <figure className="grid min-w-0 flex-1 justify-items-center gap-1.5">
      <div aria-hidden className="flex size-28 items-center justify-center">
        <div
          className="relative rounded-sm border border-dashed border-primary-500 bg-primary-50 dark:border-primary-400 dark:bg-primary-950/50"
          style={{
            width: wide ? "100%" : share(size.width, size.height),
            height: wide ? share(size.height, size.width) : "100%",
          }}
        >
          <img
            src={shown.src}
            srcSet={shown.srcSet}
            alt=""
            className={cn(
              "absolute bg-white object-fill ring-1 ring-neutral-300 dark:bg-neutral-950 dark:ring-neutral-600",
              shown.className,
            )}
            style={{
              left: share(size.pad.left, size.width),
              top: share(size.pad.top, size.height),
              width: share(image.width, size.width),
              height: share(image.height, size.height),
            }}
          />
        </div>
      </div>
      <figcaption
        className="text-center text-xs text-neutral-500 tabular-nums dark:text-neutral-400"
        data-testid="outpaint-size"
      >
        {image.width} × {image.height} →{" "}
        <span className="whitespace-nowrap">
          {size.width} × {size.height} px
        </span>
      </figcaption>
    </figure>
  );
}
