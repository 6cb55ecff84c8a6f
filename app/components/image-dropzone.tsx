import { ImagePlus, X } from "lucide-react";
import { useEffect, useId, useMemo, useState, type DragEvent } from "react";
import { cn } from "~/lib/cn";

const ACCEPTED = ["image/png", "image/jpeg", "image/webp"];

/** Drop or pick up to `max` PNG/JPEG/WebP images; the server checks them again by content. */
export function ImageDropzone(props: {
  files: File[];
  max: number;
  maxBytes: number;
  onChange(files: File[]): void;
  error?: string;
}) {
  const id = useId();
  const [dragging, setDragging] = useState(false);
  const [problem, setProblem] = useState<string>();
  const previews = useMemo(() => props.files.map((file) => URL.createObjectURL(file)), [props.files]);
  useEffect(() => () => previews.forEach((url) => URL.revokeObjectURL(url)), [previews]);

  function add(list: FileList | null) {
    if (!list) return;
    const incoming = [...list];
    const wrongType = incoming.find((f) => !ACCEPTED.includes(f.type));
    const tooBig = incoming.find((f) => f.size > props.maxBytes);
    if (wrongType) setProblem(`${wrongType.name} is not a PNG, JPEG or WebP image.`);
    else if (tooBig) setProblem(`${tooBig.name} is larger than ${Math.round(props.maxBytes / 1024 / 1024)} MB.`);
    else setProblem(undefined);
    const accepted = incoming.filter((f) => ACCEPTED.includes(f.type) && f.size <= props.maxBytes);
    const next = [...props.files, ...accepted].slice(0, props.max);
    if (props.files.length + accepted.length > props.max) setProblem(`Add at most ${props.max} images.`);
    props.onChange(next);
  }

  function onDrop(event: DragEvent) {
    event.preventDefault();
    setDragging(false);
    add(event.dataTransfer.files);
  }

  const message = props.error ?? problem;
  return (
    <div className="grid gap-2">
      <label
        htmlFor={id}
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
            : "border-neutral-300 hover:border-primary-400 dark:border-neutral-700",
        )}
      >
        <ImagePlus aria-hidden className="size-7 text-primary-600 dark:text-primary-400" />
        <span className="text-sm font-medium">Drop reference images here, or choose files</span>
        <span className="text-xs text-neutral-500 dark:text-neutral-400">
          1–{props.max} images · PNG, JPEG or WebP · up to {Math.round(props.maxBytes / 1024 / 1024)} MB each
        </span>
        <input
          id={id}
          type="file"
          accept={ACCEPTED.join(",")}
          multiple
          className="sr-only"
          aria-label="Reference images"
          onChange={(e) => {
            add(e.target.files);
            e.target.value = "";
          }}
        />
      </label>
      {message && (
        <p role="alert" className="text-sm text-red-600 dark:text-red-400">
          {message}
        </p>
      )}
      {props.files.length > 0 && (
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
                onClick={() => props.onChange(props.files.filter((_, j) => j !== i))}
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
