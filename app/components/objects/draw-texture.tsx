import { LoaderCircle, WandSparkles } from "lucide-react";
import { useState } from "react";
import { pickModel } from "#domain/models";
import { isPreview } from "#domain/preview";
import { priceOf } from "#domain/pricing";
import { TEXTURE_WORDS_MAX } from "#domain/tiles";
import { useModels } from "~/lib/hooks/use-models";
import { useStartObjectJob } from "~/lib/hooks/use-start-object-job";
import { priceText } from "~/lib/words/object-format";
import { Button } from "../ui/button";
import { TextField } from "../ui/text-field";
import type { ObjectJobContext } from "./animation-frames";

/**
 * "Draw a texture": the object's material drawn by a model to fill a square, which Motif makes wrap
 * (1024 px), priced before the click; tiles are then cut from it free. On the preview engine alone
 * it says why not: the preview engine draws its own textures.
 */
export function DrawTexture(props: { objectId: string; objectName: string; jobs: ObjectJobContext }) {
  const models = useModels();
  const [words, setWords] = useState("");
  const { start, busy } = useStartObjectJob(props.objectId, "drawn-texture", props.jobs.onStarted);
  const preferred = pickModel(models, props.jobs.model);
  const drawer = isPreview(preferred.id) ? (models.models.find((model) => !isPreview(model.id)) ?? null) : preferred;
  const price = drawer
    ? priceOf({ size: "square", detail: props.jobs.settings.detail, count: 1, prices: drawer.prices })
    : 0;
  const material = words.trim() || props.objectName;

  const draw = () =>
    drawer &&
    start(
      { model: drawer.id, ...(words.trim() ? { words: words.trim() } : {}) },
      {
        started: `Drawing a texture of ${material}`,
        done: `Drew a texture of ${material}: cut tiles from it`,
        errorTitle: "Texture error",
        failed: "The texture could not be started. You were not charged. Please try again.",
      },
    );

  return (
    <div className="grid gap-3 border-t border-neutral-200 pt-4 dark:border-neutral-800">
      <TextField
        label="Draw a texture with a model"
        hint={
          drawer
            ? `${drawer.label} draws it to fill the square; Motif makes it wrap. Then cut tiles from it, free.`
            : "The preview engine draws its own textures: make a seamless tile above, free. A model draws richer ones."
        }
        placeholder={props.objectName}
        value={words}
        onChange={(event) => setWords(event.target.value)}
        maxLength={TEXTURE_WORDS_MAX}
        disabled={!drawer}
      />
      <Button
        variant="secondary"
        disabled={!drawer || busy || !drawer.reachable}
        onClick={() => void draw()}
        data-testid="draw-texture"
      >
        {busy ? (
          <LoaderCircle aria-hidden className="size-4 animate-spin" />
        ) : (
          <WandSparkles aria-hidden className="size-4" />
        )}
        Draw texture
        {drawer && <span className="font-normal">· {priceText(price)}</span>}
      </Button>
    </div>
  );
}
