import { Download, Smartphone } from "lucide-react";
import type { ObjectImageView } from "#domain/objects";
import { buttonClasses } from "~/components/ui/button";
import { webpDownloadUrl } from "~/lib/words/object-format";

/**
 * The shown image's downloads: the original, a WebP copy, its SVG (the native vector a vector
 * model drew, or a trace in a flat style's colours) and app icons, with a line saying what each is.
 */
export function ImageDownloads({
  objectId,
  image,
  flatStyle,
  fileName,
}: {
  objectId: string;
  image: Pick<ObjectImageView, "id" | "url" | "format" | "width" | "height" | "hasAlpha" | "vector">;
  /** The style is flat (icons, line art, pixel art): its images trace to SVG. */
  flatStyle: boolean;
  fileName: (extension: string) => string;
}) {
  const svg = image.vector || flatStyle;
  return (
    <>
      <div className="grid grid-cols-2 gap-2">
        <a href={image.url} download={fileName(image.format)} className={buttonClasses("primary")}>
          <Download aria-hidden className="size-4" /> {image.format.toUpperCase()}
          <span className="sr-only"> (original file)</span>
        </a>
        <a
          href={webpDownloadUrl(image.url, image.width)}
          download={fileName("webp")}
          className={buttonClasses("secondary")}
        >
          <Download aria-hidden className="size-4" /> WebP
        </a>
        {svg && (
          <>
            <a href={`${image.url}/svg`} download={fileName("svg")} className={buttonClasses("secondary")}>
              <Download aria-hidden className="size-4" /> SVG
              {image.vector && <span className="sr-only"> (the original vector)</span>}
            </a>
            <a
              href={`${image.url}/svg?singleColour=true`}
              download={fileName("single-colour.svg")}
              className={buttonClasses("secondary")}
              title="Every fill and stroke in currentColor: the icon takes the colour of the text around it"
            >
              <Download aria-hidden className="size-4" /> SVG, one colour
            </a>
          </>
        )}
        <a
          href={`/api/objects/${objectId}/app-icons.zip?imageId=${encodeURIComponent(image.id)}`}
          download
          className={buttonClasses("secondary")}
          title="Every size from 16 to 1024, favicon.ico, an iOS AppIcon set and Android mipmaps"
        >
          <Smartphone aria-hidden className="size-4" /> App icons
        </a>
      </div>
      <p className="text-xs text-neutral-500 dark:text-neutral-400">
        {image.vector
          ? `The model drew this image as a vector: SVG is the original, ${image.format.toUpperCase()} is rendered from it at ${image.width} × ${image.height}${image.hasAlpha ? " with transparency" : ""}`
          : `${image.format.toUpperCase()} is the original file, ${image.width} × ${image.height}${image.hasAlpha ? " with transparency" : ""}`}
        ; WebP is a smaller copy for the web
        {!image.vector && flatStyle
          ? "; SVG is a traced vector copy in the style's colours, one colour in currentColor for code to colour"
          : ""}
        {image.vector ? "; one colour is the SVG in currentColor for code to colour" : ""}; App icons is a ZIP of every
        size an app, a phone or a browser asks for.
      </p>
    </>
  );
}
