import { Coins, LoaderCircle, Sparkles } from "lucide-react";
import { useId, useRef, useState, type FormEvent, type KeyboardEvent } from "react";
import { flushSync } from "react-dom";
import { type DetailLevel, type ImageSize } from "#domain/images";
import { limits } from "#domain/limits";
import { parseSubjectLines, type JobView } from "#domain/objects";
import { priceOf } from "#domain/pricing";
import type { StyleView } from "#domain/styles";
import type { ComposerLearningView } from "#domain/training";
import { ApiError, fieldErrors } from "~/lib/api/api";
import { callApi } from "~/lib/api/api-client";
import { watchJobEndings } from "~/lib/words/job-start-toast";
import { refusalMessage } from "~/lib/words/refusal-message";
import { cn } from "~/lib/ui/cn";
import { composerSummary, plural, unitLine } from "~/lib/words/object-format";
import { toast } from "~/lib/state/toast-store";
import { useModel, useModels } from "~/lib/hooks/use-models";
import { useIdempotencyKey } from "~/lib/hooks/use-idempotency-key";
import { useReloadDraft } from "~/lib/state/reload-drafts";
import { composerDraft } from "~/lib/state/form-drafts";
import { useAuth } from "../auth-provider";
import { ModelPicker } from "../model-picker";
import { useComposerLearning } from "./composer-learning";
import { SegmentedControl } from "../ui/segmented-control";
import { Switch } from "../ui/switch";
import { inputClasses, TextField } from "../ui/text-field";
import { StylePicker, styleChoices, type StyleChoice } from "./style-picker";
import { detailOptions, sizeOptions, variationOptions } from "~/lib/ui/image-options";
import { cheaperChoices, type CheaperChoice } from "~/lib/words/cheaper-choices";
import { loadedOnUse } from "../ui/loaded-on-use";
import { SubmitShortcut } from "./submit-shortcut";
import { formatCount } from "#domain/count-words";

// Shown only once the balance has loaded and is under the price: its module (with the request
// for credits it offers) loads then, not with the page.
const ShortOfCredits = loadedOnUse(() => import("../short-of-credits").then((module) => module.ShortOfCredits));

type Field = "subjects" | "styleId" | "prompt" | "size" | "detail" | "transparent" | "variations" | "model";
type Errors = Partial<Record<Field | "form", string>>;

/** A large primary button whose label may wrap on a phone (Button's never wraps). */
const submitClasses = cn(
  "inline-flex min-h-12 w-full items-center justify-center gap-2 rounded-xl px-6 py-2.5 text-center text-base font-medium text-balance transition-colors sm:w-auto",
  "bg-primary-600 text-white shadow-sm hover:bg-primary-700 active:bg-primary-800 dark:bg-primary-500 dark:text-neutral-950 dark:hover:bg-primary-400",
  "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-500 disabled:pointer-events-none disabled:opacity-50",
);

const placeholder = ["Treasure chest", "Health potion", "Iron sword", "Spotted mushroom", "…one object per line"].join(
  "\n",
);

/**
 * "What do you want to make?": objects one per line, a style, the image settings,
 * and the exact price on the button before anything is spent.
 */
export function ObjectComposer(props: {
  styles: StyleView[];
  /** The workspace's characters and trained models, offered where the chosen model has them. */
  learning: ComposerLearningView;
  /** The style to start with (the newest otherwise). */
  initialStyleId?: string | null;
  onGenerated(result: { job: JobView; objects: { id: string; name: string }[] }): void;
}) {
  const { authUser } = useAuth();
  const choices = styleChoices(props.styles);
  const allChoices = [...choices.own, ...choices.presets];
  const first = allChoices.find((c) => c.id === props.initialStyleId) ?? allChoices[0] ?? null;
  const [text, setText] = useState("");
  const [styleId, setStyleId] = useState<string | null>(first?.id ?? null);
  const [size, setSize] = useState<ImageSize>(first?.defaults?.size ?? "square");
  const [detail, setDetail] = useState<DetailLevel>(first?.defaults?.detail ?? "standard");
  const [transparent, setTransparent] = useState(first?.defaults?.transparent ?? true);
  const [variations, setVariations] = useState(1);
  const [prompt, setPrompt] = useState("");
  const models = useModels();
  const [modelId, setModelId] = useState<string>(first?.defaults?.model ?? models.defaultId);
  const model = useModel(modelId);
  const learning = useComposerLearning(props.learning, styleId, model);
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const textarea = useRef<HTMLTextAreaElement>(null);
  const generateButton = useRef<HTMLButtonElement>(null);
  const idempotency = useIdempotencyKey();
  const ids = useId();

  const draft = { text, styleId, size, detail, transparent, variations, prompt, model: model.id };
  useReloadDraft("composer", text.trim() || prompt.trim() ? draft : undefined, composerDraft, (saved) => {
    setText(saved.text);
    if (saved.styleId && allChoices.some((c) => c.id === saved.styleId)) setStyleId(saved.styleId);
    setSize(saved.size);
    setDetail(saved.detail);
    setTransparent(saved.transparent);
    setVariations(saved.variations);
    setPrompt(saved.prompt);
    if (saved.model) setModelId(saved.model);
  });

  // A style deleted elsewhere drops out of the choice.
  const style = allChoices.find((c) => c.id === styleId) ?? null;
  const subjects = parseSubjectLines(text);
  const tooMany = subjects.length > limits.subjectsPerSet;
  const count = subjects.length * variations;
  const price = priceOf({ size, detail, count, prices: model.prices });
  const balance = authUser?.credits ?? null;
  const short = balance !== null && count > 0 && balance < price;
  const canSubmit = !busy && style !== null && subjects.length > 0 && !tooMany && !short && model.reachable;

  function chooseStyle(choice: StyleChoice) {
    setStyleId(choice.id);
    setErrors(({ styleId: _, ...rest }) => rest);
    // A style carries the settings it was made for: start from them (a preset keeps what is chosen).
    if (!choice.defaults) return;
    setSize(choice.defaults.size);
    setDetail(choice.defaults.detail);
    setTransparent(choice.defaults.transparent);
    setModelId(choice.defaults.model ?? models.defaultId);
  }

  /** A cheaper setting offered under a short balance. Its button goes away: focus moves to Generate, now enabled. */
  function chooseCheaper(choice: CheaperChoice) {
    flushSync(() => {
      if (choice.kind === "detail") setDetail(choice.detail);
      else if (choice.kind === "variations") setVariations(choice.variations);
      else if (choice.kind === "size") setSize(choice.size);
    });
    generateButton.current?.focus();
  }

  async function submit(event?: FormEvent) {
    event?.preventDefault();
    if (!canSubmit) return;
    const body = {
      styleId: style!.id,
      subjects,
      prompt: prompt.trim() || undefined,
      size,
      detail,
      transparent,
      variations,
      // Sent only when there is a choice: with one model the server's default is the same.
      ...(models.models.length > 1 ? { model: model.id } : {}),
      ...learning.body,
    };
    // The server checks the body with generateObjectsSchema and answers 400 with each field's
    // message (shown below); checking it here too would put zod on every signed-in first load.
    const key = idempotency.keyFor("/api/objects", body);
    setBusy(true);
    setErrors({});
    // From before it is asked for: a preview can be made before the answer comes.
    const endings = watchJobEndings();
    try {
      const result = await callApi("post", "/api/objects", { body, headers: { "Idempotency-Key": key } });
      const objects = plural(result.objects.length, "object");
      endings.toastStarted(result.job, {
        started: `Generating ${objects}`,
        done: `${objects} made`,
        prefix: `${style!.name}: `,
      });
      idempotency.done();
      setText("");
      // A preset is the user's own style from now on: keep it chosen under its new id.
      if (style!.defaults === null && result.job.styleId) setStyleId(result.job.styleId);
      props.onGenerated(result);
      textarea.current?.focus();
    } catch (error) {
      if (error instanceof ApiError && error.status === 400 && error.fields.length) {
        setErrors(fieldErrors(error));
      } else {
        toast({
          title: error instanceof ApiError && error.status === 402 ? "Not enough credits" : "Generation error",
          description: refusalMessage(
            error,
            "The objects could not be started. You were not charged. Please try again.",
          ),
          color: "error",
        });
      }
    } finally {
      endings.stop();
      setBusy(false);
    }
  }

  function onKeyDown(event: KeyboardEvent<HTMLFormElement>) {
    if (event.key === "Enter" && (event.metaKey || event.ctrlKey)) {
      event.preventDefault();
      void submit();
    }
  }

  const countText = tooMany
    ? `${subjects.length} of ${limits.subjectsPerSet} objects`
    : subjects.length === 0
      ? `Up to ${limits.subjectsPerSet}`
      : plural(subjects.length, "object");
  const subjectsError =
    errors.subjects ?? (tooMany ? `Name at most ${limits.subjectsPerSet} objects at a time.` : undefined);
  const subjectsId = `${ids}-subjects`;

  return (
    <form
      onSubmit={submit}
      onKeyDown={onKeyDown}
      noValidate
      className="overflow-hidden rounded-3xl border border-neutral-200 bg-white shadow-xl shadow-primary-900/5 dark:border-neutral-800 dark:bg-neutral-900 dark:shadow-none"
    >
      <div className="grid gap-6 p-5 sm:p-6 lg:grid-cols-[minmax(0,1.15fr)_minmax(0,1fr)] lg:grid-rows-[1fr_auto] lg:gap-x-8">
        {/* On a phone: objects, then the style and settings, then the optional prompt. */}
        <div className="flex flex-col lg:col-start-1 lg:row-start-1">
          <div className="grid flex-1 grid-rows-[auto_1fr_auto] gap-1.5">
            <div className="flex items-baseline justify-between gap-3">
              <label htmlFor={subjectsId} className="text-sm font-medium">
                Objects
              </label>
              <span
                aria-live="polite"
                data-testid="subject-count"
                className={cn(
                  "text-xs font-medium tabular-nums",
                  tooMany ? "text-error-600 dark:text-error-400" : "text-neutral-500 dark:text-neutral-400",
                )}
              >
                {countText}
              </span>
            </div>
            <textarea
              ref={textarea}
              id={subjectsId}
              value={text}
              onChange={(e) => {
                setText(e.target.value);
                if (errors.subjects) setErrors(({ subjects: _, ...rest }) => rest);
              }}
              rows={7}
              placeholder={placeholder}
              spellCheck
              aria-invalid={subjectsError ? true : undefined}
              aria-describedby={`${subjectsId}-${subjectsError ? "error" : "hint"}`}
              className={cn(inputClasses, "h-auto min-h-44 resize-y py-3 leading-relaxed lg:min-h-56")}
            />
            {subjectsError ? (
              <p id={`${subjectsId}-error`} role="alert" className="text-sm text-error-600 dark:text-error-400">
                {subjectsError}
              </p>
            ) : (
              <p id={`${subjectsId}-hint`} className="text-sm text-neutral-500 dark:text-neutral-400">
                One object per line. Each one is made in the style you choose.
              </p>
            )}
          </div>
        </div>
        <div className="flex flex-col gap-5 lg:col-start-2 lg:row-span-2 lg:row-start-1">
          <StylePicker styles={props.styles} value={style?.id ?? null} onChange={chooseStyle} error={errors.styleId} />
          <ModelPicker
            value={model.id}
            onChange={setModelId}
            transparent={transparent}
            references={referencesOf(props.styles.find((s) => s.id === style?.id))}
            pricing={{ size, detail }}
            abilities
          />
          {learning.fields}
          <SegmentedControl<ImageSize>
            legend="Size"
            name="size"
            value={size}
            options={sizeOptions}
            onChange={setSize}
          />
          <SegmentedControl<DetailLevel>
            legend="Detail"
            name="detail"
            value={detail}
            options={detailOptions}
            onChange={setDetail}
          />
          <div className="grid gap-4 sm:grid-cols-2">
            <SegmentedControl
              legend="Variations per object"
              name="variations"
              value={String(variations)}
              options={variationOptions}
              onChange={(v) => setVariations(Number(v))}
            />
            <div className="self-end rounded-xl border border-neutral-200 px-3 py-2 dark:border-neutral-800">
              <Switch label="Transparent background" checked={transparent} onChange={setTransparent} />
            </div>
          </div>
          {(errors.size || errors.detail || errors.variations || errors.transparent || errors.model || errors.form) && (
            <p role="alert" className="text-sm text-error-600 dark:text-error-400">
              {errors.size ?? errors.detail ?? errors.variations ?? errors.transparent ?? errors.model ?? errors.form}
            </p>
          )}
        </div>
        <div className="lg:col-start-1 lg:row-start-2">
          <TextField
            label="Extra prompt"
            value={prompt}
            onChange={(e) => {
              setPrompt(e.target.value);
              if (errors.prompt) setErrors(({ prompt: _, ...rest }) => rest);
            }}
            maxLength={limits.objectPrompt}
            placeholder="Seen from the front, on a plain background"
            hint="Optional. Added to every object in this set."
            error={errors.prompt}
          />
        </div>
      </div>

      <div className="flex flex-col gap-3 border-t border-neutral-200 bg-neutral-50/80 px-5 py-4 sm:flex-row sm:items-center sm:justify-between sm:px-6 dark:border-neutral-800 dark:bg-neutral-950/40">
        <div className="text-sm text-neutral-600 dark:text-neutral-400" aria-live="polite">
          {short ? (
            <ShortOfCredits
              price={price}
              balance={balance}
              testId="composer"
              choices={cheaperChoices({
                objects: subjects.length,
                variations,
                size,
                detail,
                prices: model.prices,
                balance,
              })}
              onChoose={chooseCheaper}
            />
          ) : (
            <p className="flex items-center gap-2">
              <Coins aria-hidden className="size-4 shrink-0 text-amber-500" />
              <span>
                {unitLine(size, detail, model.prices)}
                {balance !== null && <span> · you have {formatCount(balance)}</span>}
              </span>
            </p>
          )}
        </div>
        <div className="flex items-center gap-3">
          <SubmitShortcut />
          <button
            ref={generateButton}
            type="submit"
            disabled={!canSubmit}
            className={submitClasses}
            data-testid="generate-objects"
          >
            {busy ? (
              <LoaderCircle aria-hidden className="size-4 shrink-0 animate-spin" />
            ) : (
              <Sparkles aria-hidden className="size-4 shrink-0" />
            )}
            {subjects.length === 0 ? (
              "Generate"
            ) : (
              <span>
                Generate{" "}
                <span className="font-normal">{composerSummary({ objects: subjects.length, variations, price })}</span>
              </span>
            )}
          </button>
        </div>
      </div>
    </form>
  );
}

/** What a style sends with each image: its reference images, then its samples. */
function referencesOf(style: StyleView | undefined): number {
  return style ? style.references.length + style.anchors.length : 0;
}
