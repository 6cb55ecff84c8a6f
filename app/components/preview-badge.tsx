import { FlaskConical } from "lucide-react";
import { isPreview, previewTexts } from "#domain/preview";
import { cn } from "~/lib/ui/cn";

/**
 * Marks an image (or a job) made by the built-in preview engine, so it never passes
 * for a model's work. Not interactive, so it can sit over a clickable image: the
 * explanation is in its title for pointer users and in hidden text for screen readers.
 * Renders nothing for any other engine.
 */
export function PreviewBadge(props: {
  provider: string | null | undefined;
  /** Over an image: a dark pill that reads on light and dark pictures alike. */
  overlay?: boolean;
  /** Inside a link or button whose name it joins: just the word, not the whole explanation. */
  brief?: boolean;
  /** On a small thumbnail: the icon alone (its label is the button's business). */
  compact?: boolean;
  className?: string;
}) {
  if (!isPreview(props.provider)) return null;
  return (
    <span
      data-testid="preview-badge"
      title={previewTexts.explanation}
      className={cn(
        "badge-pill",
        props.compact ? "p-1" : "px-2 py-0.5",
        props.overlay ? "badge-overlay" : "badge-amber",
        props.className,
      )}
    >
      <FlaskConical aria-hidden className="size-3" />
      {props.compact ? <span className="sr-only">{previewTexts.badge}</span> : previewTexts.badge}
      {!props.brief && !props.compact && <span className="sr-only">: {previewTexts.explanation}</span>}
    </span>
  );
}
