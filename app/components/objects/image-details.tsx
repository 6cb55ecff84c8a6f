import { Copy } from "lucide-react";
import type { ReactNode } from "react";
import { AppLink } from "~/components/app-link";
import { operationLine } from "#domain/image-lineage";
import { detailLevels, imageSizes } from "#domain/images";
import { creditLine, type ImageCredit, type ObjectImageView, type PreviewNotes } from "#domain/objects";
import { isPreview, previewTexts } from "#domain/preview";
import { formatBytes, formatDate, formatDuration, plural, providerName } from "~/lib/words/object-format";
import { toast } from "~/lib/state/toast-store";
import { PreviewBadge } from "../preview-badge";

/** Copies the prompt an image was made from. */
export async function copyPrompt(prompt: string) {
  try {
    await navigator.clipboard.writeText(prompt);
    toast({ title: "Prompt copied", description: "The full prompt is on your clipboard.", color: "success" });
  } catch {
    toast({ title: "Copy error", description: "The prompt could not be copied. Please try again.", color: "error" });
  }
}

/** How the shown image was made: the prompt as sent, its settings, who made it and what it cost. */
export function ImageDetails(props: {
  image: ObjectImageView;
  style: { id: string; name: string };
  /** The object's images in order, to name and show the one this was made from. */
  images: ObjectImageView[];
  onSelect(imageId: string): void;
}) {
  const { image } = props;
  const parentIndex = props.images.findIndex((i) => i.id === image.lineage.parentImageId);
  return (
    <section
      aria-labelledby="image-details"
      className="rounded-2xl border border-neutral-200 bg-white p-5 dark:border-neutral-800 dark:bg-neutral-900"
    >
      <h2 id="image-details" className="font-semibold">
        How this image was made
      </h2>
      <div className="mt-4">
        <div className="flex items-center justify-between gap-2">
          <h3 className="text-xs font-medium tracking-wide text-neutral-500 uppercase dark:text-neutral-400">Prompt</h3>
          <button
            type="button"
            onClick={() => void copyPrompt(image.prompt)}
            className="inline-flex items-center gap-1.5 rounded-lg px-2 py-1 text-xs font-medium text-primary-700 transition hover:bg-primary-50 dark:text-primary-300 dark:hover:bg-primary-950/60"
          >
            <Copy aria-hidden className="size-3.5" /> Copy prompt
          </button>
        </div>
        {/* Long prompts scroll: a named, focusable region, so keyboards can scroll it too. */}
        <div
          role="region"
          tabIndex={0}
          aria-label="Prompt"
          className="mt-1.5 max-h-40 overflow-y-auto rounded-xl bg-neutral-50 p-3 text-sm leading-relaxed whitespace-pre-wrap text-neutral-800 dark:bg-neutral-950 dark:text-neutral-200"
        >
          {image.prompt}
        </div>
      </div>
      <dl className="mt-4 grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-2.5 text-sm">
        {image.lineage.operation !== "generated" && (
          <Row term="Made from">
            <span data-testid="image-lineage">
              {operationLine(image.lineage)}
              {parentIndex >= 0 ? (
                <>
                  {" "}
                  from{" "}
                  <ImageButton number={parentIndex + 1} onClick={() => props.onSelect(image.lineage.parentImageId!)} />
                </>
              ) : (
                " from an image since deleted"
              )}
            </span>
          </Row>
        )}
        {image.lineage.instruction && (
          <Row term="Change">
            <span data-testid="image-instruction">“{image.lineage.instruction}”</span>
          </Row>
        )}
        {image.lineage.view && (
          <Row term="Asked for">
            <span data-testid="image-view">
              {image.lineage.view}
              {parentIndex >= 0 && (
                <>
                  , drawn from{" "}
                  <ImageButton number={parentIndex + 1} onClick={() => props.onSelect(image.lineage.parentImageId!)} />
                </>
              )}
            </span>
          </Row>
        )}
        <Row term="Style">
          <AppLink
            to={`/app/style/${encodeURIComponent(props.style.id)}`}
            className="font-medium text-primary-700 hover:underline dark:text-primary-300"
          >
            {props.style.name}
          </AppLink>
        </Row>
        <Row term="Size">
          {imageSizes[image.size].label}{" "}
          <span className="text-neutral-500 tabular-nums dark:text-neutral-400">
            · {image.width} × {image.height}
          </span>
        </Row>
        <Row term="Detail">{detailLevels[image.detail].label}</Row>
        <Row term="Background">{image.transparent ? "Transparent" : "Opaque"}</Row>
        <Row term="Made by">
          {providerName(image.provider)} <span className="text-neutral-500 dark:text-neutral-400">· {image.model}</span>
          {isPreview(image.provider) && (
            <span className="mt-1 flex flex-wrap items-center gap-2 text-neutral-600 dark:text-neutral-300">
              <PreviewBadge provider={image.provider} brief />
              {previewTexts.explanation}
            </span>
          )}
        </Row>
        {image.previewNotes && <PreviewNotesRows notes={image.previewNotes} credit={image.credit} />}
        <Row term="Seed">
          <span className="font-mono text-xs tabular-nums">{image.seed ?? "—"}</span>
        </Row>
        <Row term="Cost">
          {image.credits === 0 && isPreview(image.provider) ? previewTexts.freePrice : plural(image.credits, "credit")}
        </Row>
        <Row term="Took">{image.durationMs === null ? "—" : formatDuration(image.durationMs)}</Row>
        <Row term="File">
          {image.format.toUpperCase()} · {formatBytes(image.bytes)}
          {image.hasAlpha && " · alpha"}
        </Row>
        <Row term="Made">
          <time dateTime={image.createdAt}>{formatDate(image.createdAt)}</time>
        </Row>
      </dl>
    </section>
  );
}

/** "image 2": shows that image of the object. */
function ImageButton(props: { number: number; onClick(): void }) {
  return (
    <button
      type="button"
      onClick={props.onClick}
      className="font-medium text-primary-700 underline underline-offset-2 hover:text-primary-800 dark:text-primary-300 dark:hover:text-primary-200"
    >
      image {props.number}
    </button>
  );
}

/** What the preview engine made of the prompt: a drawing or a placeholder, and the words it skipped. */
function PreviewNotesRows({ notes, credit }: { notes: PreviewNotes; credit: ImageCredit | null }) {
  return (
    <>
      <Row term="Drawn as">
        {credit
          ? "An open-library icon, redrawn in the style"
          : notes.drawn
            ? "A simple drawing of the subject"
            : "A labelled placeholder: the preview engine cannot draw this subject"}
      </Row>
      {credit && (
        <Row term="Drawn from">
          <span data-testid="image-credit">{creditLine(credit)}</span>
          <span className="block text-xs text-neutral-500 dark:text-neutral-400">
            {credit.attribution} ·{" "}
            <a
              href={credit.licenceUrl}
              className="underline underline-offset-2 hover:text-neutral-700 dark:hover:text-neutral-200"
              rel="noreferrer"
              target="_blank"
            >
              Licence
            </a>
          </span>
        </Row>
      )}
      <Row term="Not understood">
        {notes.unknownWords.length === 0 ? (
          "Every word was understood"
        ) : (
          <span data-testid="unknown-words">
            {notes.unknownWords.slice(0, 30).join(", ")}
            {notes.unknownWords.length > 30 && ` and ${notes.unknownWords.length - 30} more`}
            <span className="block text-xs text-neutral-500 dark:text-neutral-400">
              The preview engine ignored these words. A real model reads the whole prompt.
            </span>
          </span>
        )}
      </Row>
    </>
  );
}

function Row({ term, children }: { term: string; children: ReactNode }) {
  return (
    <>
      <dt className="text-neutral-500 dark:text-neutral-400">{term}</dt>
      <dd className="min-w-0 break-words text-neutral-900 dark:text-neutral-100">{children}</dd>
    </>
  );
}
