import { Clapperboard, LoaderCircle, WandSparkles } from "lucide-react";
import { useId, useState } from "react";
import {
  ANIMATION_WORDS_MAX,
  animationActions,
  animationFrameCounts,
  drawnFrameCount,
  type AnimationAction,
  type directionCounts,
} from "#domain/animation";
import { pickModel } from "#domain/models";
import type { ObjectImageView } from "#domain/objects";
import { priceOf } from "#domain/pricing";
import { callApi } from "~/lib/api/api-client";
import { useMakeImage } from "~/lib/hooks/use-make-image";
import { useModels } from "~/lib/hooks/use-models";
import { useStartObjectJob } from "~/lib/hooks/use-start-object-job";
import { priceText } from "~/lib/words/object-format";
import { useAuth } from "../auth-provider";
import { ShortOfCredits } from "../short-of-credits";
import { Button } from "../ui/button";
import { Picker } from "../ui/picker";
import { SegmentedControl } from "../ui/segmented-control";
import { Switch } from "../ui/switch";
import { TextField } from "../ui/text-field";
import type { ObjectJobContext } from "./animation-frames";

type Maker = "preview" | "model";

/**
 * The settings of a new animation of the shown image, and who makes it: preview motion (Motif's
 * own, free, at once) or a model that edits images drawing every frame (priced before the click:
 * frames × directions drawn, the mirrored ones free).
 */
export function AnimationForm(props: {
  objectId: string;
  objectName: string;
  image: ObjectImageView;
  knownIds: string[];
  jobs: ObjectJobContext;
  onMade(imageId: string): void;
}) {
  const id = useId();
  const { authUser } = useAuth();
  const models = useModels();
  const [maker, setMaker] = useState<Maker>("preview");
  const [action, setAction] = useState<AnimationAction>("idle");
  const [words, setWords] = useState("");
  const [frames, setFrames] = useState<(typeof animationFrameCounts)[number]>(8);
  const [directions, setDirections] = useState<(typeof directionCounts)[number]>(1);
  const [mirror, setMirror] = useState(true);
  const [loop, setLoop] = useState(true);
  const [shared, setShared] = useState(false);
  const preview = useMakeImage<"animation">(props);
  const drawing = useStartObjectJob(props.objectId, "drawn-animation", props.jobs.onStarted);
  const preferred = pickModel(models, props.jobs.model);
  const drawer = preferred.edit.words ? preferred : (models.models.find((model) => model.edit.words) ?? null);
  const count = drawnFrameCount({ frames, directions, mirror });
  const price = drawer ? priceOf({ ...props.jobs.settings, count, prices: drawer.prices }) : 0;
  const balance = authUser?.credits ?? null;
  const short = maker === "model" && drawer !== null && balance !== null && balance < price;
  const settings = { imageId: props.image.id, action, frames, directions, loop, ...(shared ? { colours: 16 } : {}) };
  const directionWords = directions === 1 ? "one direction" : `${directions} directions`;

  function animate() {
    return preview.make(
      "animation",
      {
        body: settings,
        send: (headers) =>
          callApi("post", "/api/objects/:id/animation", { params: { id: props.objectId }, body: settings, headers }),
      },
      {
        title: "Animation made",
        made: () => `${props.objectName}, ${action}, ${frames} frames in ${directionWords}, was added.`,
        earlier: "This animation was made before: it is shown now.",
        errorTitle: "Animation error",
        failed: "The animation could not be made. Please try again.",
      },
    );
  }

  function draw() {
    if (!drawer) return;
    const body = { ...settings, mirror, model: drawer.id, ...(words.trim() ? { words: words.trim() } : {}) };
    return drawing.start(body, {
      started: `Drawing ${count} frames of ${props.objectName}`,
      done: `Drew ${props.objectName} ${words.trim() || action}: the sheet was added`,
      errorTitle: "Animation error",
      failed: "The animation could not be started. You were not charged. Please try again.",
    });
  }

  return (
    <div className="grid gap-3">
      <SegmentedControl<Maker>
        legend="Made by"
        name={`${id}-maker`}
        value={maker}
        options={[
          { value: "preview", label: "Preview motion", hint: "Bob, sway, squash and stretch: free, at once" },
          { value: "model", label: "A model", hint: "Every frame drawn by a model that edits images" },
        ]}
        onChange={setMaker}
      />
      <p className="text-xs text-neutral-500 dark:text-neutral-400" data-testid="animation-maker-hint">
        {maker === "preview"
          ? "The drawing itself moves: it bobs, sways, squashes and stretches; west-facing rows are mirrored. Its frames are not redrawn."
          : drawer
            ? `${drawer.label} draws each frame in turn from this image and the frame before it; then Motif lines them up on one baseline.`
            : "None of the models here can draw frames: that takes a model that edits images (OpenAI, Gemini, fal Kontext or ComfyUI). Preview motion is free."}
      </p>
      <div className="grid grid-cols-2 gap-3">
        <Picker<AnimationAction>
          id={`${id}-action`}
          label="Action"
          value={action}
          options={animationActions.map((value) => ({ value, label: value[0]!.toUpperCase() + value.slice(1) }))}
          onChange={setAction}
        />
        <Picker<(typeof animationFrameCounts)[number]>
          id={`${id}-frames`}
          label="Frames"
          value={frames}
          options={animationFrameCounts.map((value) => ({ value, label: value === 1 ? "1 · a still" : String(value) }))}
          onChange={setFrames}
        />
      </div>
      {maker === "model" && (
        <TextField
          label="In your words (optional)"
          hint="“swinging a sword overhead”: the action above sets the speed"
          value={words}
          onChange={(event) => setWords(event.target.value)}
          maxLength={ANIMATION_WORDS_MAX}
          disabled={!drawer}
        />
      )}
      <Picker<(typeof directionCounts)[number]>
        id={`${id}-directions`}
        label="Directions"
        value={directions}
        options={[
          { value: 1, label: "One" },
          { value: 4, label: "4 · S, E, N, W" },
          { value: 8, label: "8 · with diagonals" },
        ]}
        onChange={setDirections}
      />
      {directions > 1 && maker === "model" && (
        <Switch
          label="Mirror the west side"
          hint="West-facing rows are flipped from east-facing ones: fewer frames to pay for"
          checked={mirror}
          onChange={setMirror}
        />
      )}
      <Switch label="Loop" hint="Off plays it once (a death, say)" checked={loop} onChange={setLoop} />
      <Switch
        label="One palette for every frame"
        hint="16 colours shared by all frames, so no colour flickers"
        checked={shared}
        onChange={setShared}
      />
      {short && balance !== null && (
        <ShortOfCredits price={price} balance={balance} choices={[]} onChoose={() => {}} testId="animation" />
      )}
      {maker === "preview" ? (
        <Button
          variant="secondary"
          disabled={preview.busy !== null}
          onClick={() => void animate()}
          data-testid="make-animation"
        >
          {preview.busy ? (
            <LoaderCircle aria-hidden className="size-4 animate-spin" />
          ) : (
            <Clapperboard aria-hidden className="size-4" />
          )}
          Animate
          <span className="text-neutral-500 dark:text-neutral-400">· free</span>
        </Button>
      ) : (
        <Button
          disabled={!drawer || short || drawing.busy || !drawer.reachable}
          onClick={() => void draw()}
          data-testid="draw-animation"
        >
          {drawing.busy ? (
            <LoaderCircle aria-hidden className="size-4 animate-spin" />
          ) : (
            <WandSparkles aria-hidden className="size-4" />
          )}
          Draw {count} frames
          {drawer && <span className="font-normal">· {priceText(price)}</span>}
        </Button>
      )}
    </div>
  );
}
