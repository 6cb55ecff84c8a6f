import { ImagePlus, LoaderCircle, X } from "lucide-react";
import { useId, useRef, useState } from "react";
import { trainingLimits } from "#domain/training";
import { api, ApiError } from "~/lib/api/api";
import { toast } from "~/lib/state/toast-store";
import { refusalMessage } from "~/lib/words/refusal-message";
import type { Learning } from "~/lib/hooks/use-learning";
import { Button } from "../ui/button";

/**
 * The pictures a style or character is trained on (a character's: its identity, the first ones sent
 * first with every image of it): a grid, an upload button (PNG, JPEG or WebP, checked by the server
 * by their content) and, for a character, a remove button on each.
 */
export function LearningPictures(props: {
  uploadPath: string;
  pictures: Learning["pictures"];
  /** Removes one (a character's); absent where pictures are not removed one by one. */
  onRemove?: (pictureId: string) => Promise<void>;
  onChanged: () => void;
  label: string;
}) {
  const input = useRef<HTMLInputElement>(null);
  const hintId = useId();
  const [busy, setBusy] = useState(false);
  const room = trainingLimits.maxPictures - props.pictures.length;

  async function upload(files: FileList | null) {
    if (!files || files.length === 0) return;
    const form = new FormData();
    for (const file of Array.from(files).slice(0, room)) form.append("references", file, file.name);
    setBusy(true);
    try {
      await api(props.uploadPath, { method: "POST", body: form });
      props.onChanged();
    } catch (error) {
      toast({
        title: error instanceof ApiError && error.status === 409 ? "No room for more pictures" : "Upload error",
        description: refusalMessage(error, "The pictures could not be added. Please try again."),
        color: "error",
      });
    } finally {
      setBusy(false);
      if (input.current) input.current.value = "";
    }
  }

  return (
    <div className="grid gap-3">
      {props.pictures.length > 0 ? (
        <ul aria-label={props.label} className="grid grid-cols-4 gap-2 sm:grid-cols-6">
          {props.pictures.map((picture, i) => (
            <li key={picture.id} className="group relative">
              <img
                src={picture.url}
                alt={`Picture ${i + 1}`}
                width={picture.width}
                height={picture.height}
                loading="lazy"
                className="aspect-square w-full rounded-lg bg-neutral-100 object-contain ring-1 ring-black/5 dark:bg-neutral-800 dark:ring-white/10"
              />
              {props.onRemove && (
                <button
                  type="button"
                  aria-label={`Remove picture ${i + 1}`}
                  onClick={() => void props.onRemove!(picture.id)}
                  className="absolute top-1 right-1 inline-flex size-7 items-center justify-center rounded-full bg-white/90 text-neutral-700 shadow-sm ring-1 ring-black/10 hover:text-error-700 focus-visible:outline-2 focus-visible:outline-primary-500 dark:bg-neutral-900/90 dark:text-neutral-200"
                >
                  <X aria-hidden className="size-4" />
                </button>
              )}
            </li>
          ))}
        </ul>
      ) : (
        <p className="rounded-xl border border-dashed border-neutral-300 p-4 text-sm text-neutral-600 dark:border-neutral-700 dark:text-neutral-400">
          No pictures yet. Add 5 to 50 that show it clearly: varied poses, angles and backgrounds teach a model more
          than many alike.
        </p>
      )}
      <div className="flex flex-wrap items-center gap-3">
        <input
          ref={input}
          type="file"
          accept="image/png,image/jpeg,image/webp"
          multiple
          aria-label="Pictures to add"
          className="sr-only"
          aria-describedby={hintId}
          tabIndex={-1}
          onChange={(event) => void upload(event.target.files)}
        />
        <Button variant="secondary" size="sm" disabled={busy || room <= 0} onClick={() => input.current?.click()}>
          {busy ? (
            <LoaderCircle aria-hidden className="size-4 animate-spin" />
          ) : (
            <ImagePlus aria-hidden className="size-4" />
          )}
          Add pictures
        </Button>
        <span id={hintId} className="text-sm text-neutral-500 dark:text-neutral-400">
          {props.pictures.length} of {trainingLimits.maxPictures}
        </span>
      </div>
    </div>
  );
}
