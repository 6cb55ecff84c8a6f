import { ImagePlus, LoaderCircle, X } from "lucide-react";
import { useEffect, useId, useMemo, useState, type DragEvent } from "react";
import { cn } from "~/lib/ui/cn";
import { referenceFileProblem } from "~/lib/ui/image-sniff";

const ACCEPTED = ["image/png", "image/jpeg", "image/webp"];

/**
 * Drop or pick up to `max` PNG/JPEG/WebP images. Each file is checked as it is dropped
 * (declared type and first bytes; the server checks again by decoding) and a refused
 * one is named with its reason right under the dropzone — where `error`, the server's
 * answer about the upload, shows too: every upload problem in one place.
 */
export function ImageDropzone(props: {
  files: File[];
  max: number;
  maxBytes: number;
  onChange(files: File[]): void;
  error?: string;
  /** Shown large in the dropzone. */
  prompt?: string;
  /** While the chosen files are being uploaded. */
  busy?: boolean;
  /** Leaves out the previews (the caller shows the images). */
  hidePreviews?: boolean;
}) {
  const id = useId();
  const [dragging, setDragging] = useState(false);
  const [problems, setProblems] = useState<string[]>([]);
  const previews = useMemo(() => props.files.map((file) => URL.createObjectURL(file)), [props.files]);
  useEffect(() => () => previews.forEach((url) => URL.revokeObjectURL(url)), [previews]);

  async function add(list: FileList | null) {
    if (!list) return;
    const incoming = [...list];
    const checked = await Promise.all(incoming.map((file) => referenceFileProblem(file, props.maxBytes)));
    const refused = checked.filter((p): p is string => Boolean(p));
    const accepted = incoming.filter((_, i) => !checked[i]);
    const room = Math.max(0, props.max - props.files.length);
    if (accepted.length > room)
      refused.push(room ? `Add at most ${props.max} images: ${room} more fit.` : `Add at most ${props.max} images.`);
    setProblems(refused);
    if (accepted.length && room) props.onChange([...props.files, ...accepted.slice(0, room)]);
  }

  function onDrop(event: DragEvent) {
    event.preventDefault();
    setDragging(false);
    void add(event.dataTransfer.files);
  }

  const messages = [...(props.error ? [props.error] : []), ...problems];
  const full = props.files.length >= props.max;
  return (
    <div className="grid gap-2">
      <label
        htmlFor={id}
        data-testid="image-dropzone"
        onDragOver={(e) => {
          e.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        className={cn(
          "flex cursor-pointer flex-col items-center justify-center gap-2 rounded-xl border-2 border-dashed px-4 py-8 text-center transition has-focus-visible:outline-2 has-focus-visible:outline-primary-500",
          dragging
            ? "border-primary-500 bg-primary-50 dark:bg-primary-950/40"
            : messages.length
              ? "border-red-400 dark:border-red-500/70"
              : "border-neutral-300 hover:border-primary-400 dark:border-neutral-700",
          (full || props.busy) && "cursor-default opacity-60",
        )}
      >
        {props.busy ? (
          <LoaderCircle aria-hidden className="size-7 animate-spin text-primary-600 dark:text-primary-400" />
        ) : (
          <ImagePlus aria-hidden className="size-7 text-primary-600 dark:text-primary-400" />
        )}
        <span className="text-sm font-medium">{props.prompt ?? "Drop reference images here, or choose files"}</span>
        <span className="text-xs text-neutral-500 dark:text-neutral-400">
          1–{props.max} images · PNG, JPEG or WebP · up to {Math.round(props.maxBytes / 1024 / 1024)} MB each
        </span>
        <input
          id={id}
          type="file"
          accept={ACCEPTED.join(",")}
          multiple
          disabled={full || props.busy}
          className="sr-only"
          aria-label="Reference images"
          aria-describedby={messages.length ? `${id}-problems` : undefined}
          onChange={(e) => {
            void add(e.target.files);
            e.target.value = "";
          }}
        />
      </label>
      {messages.length > 0 && (
        <ul
          id={`${id}-problems`}
          role="alert"
          data-testid="upload-problems"
          className="grid gap-1 text-sm text-red-700 dark:text-red-300"
        >
          {messages.map((message) => (
            <li key={message}>{message}</li>
          ))}
        </ul>
      )}
      {!props.hidePreviews && props.files.length > 0 && (
        <ul className="grid grid-cols-5 gap-2" aria-label="Chosen reference images">
          {props.files.map((file, i) => (
            <li key={`${file.name}-${i}`} className="group relative">
              <img
                src={previews[i]}
                alt={file.name}
                className="aspect-square w-full rounded-lg object-cover ring-1 ring-neutral-200 dark:ring-neutral-700"
              />
              <button
                type="button"
                aria-label={`Remove ${file.name}`}
                onClick={() => {
                  setProblems([]);
                  props.onChange(props.files.filter((_, j) => j !== i));
                }}
                className="absolute -top-1.5 -right-1.5 grid size-6 place-items-center rounded-full bg-neutral-900 text-white shadow dark:bg-white dark:text-neutral-900"
              >
                <X aria-hidden className="size-3.5" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
