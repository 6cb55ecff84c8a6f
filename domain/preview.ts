/**
 * The built-in preview engine: it draws simple pictures on the server, without an AI
 * model. Whatever it makes is labelled as a preview wherever it shows, so nothing it
 * made can pass for a model's output (ADR 022).
 */

/** The provider id its images and jobs are recorded with. */
export const PREVIEW_PROVIDER_ID = "offline";

export const previewTexts = {
  name: "Preview engine",
  badge: "Preview",
  explanation: "Made by Motif's built-in preview engine, not by an AI model.",
  /**
   * Written into a downloaded file's metadata (EXIF Software, XMP CreatorTool). No
   * parentheses: libvips reads a trailing "(…)" in an EXIF string as its type and drops it.
   */
  software: "Motif preview engine, not an AI model",
  freePrice: "Free preview",
  /** Why the preview engine offers no edits, where an edit would be. */
  cannotEdit:
    "The preview engine draws from open icon libraries and cannot change an image; editing needs an AI model.",
  /** Said over "More variations" when the preview engine would make them. */
  repeats:
    "The preview engine draws each subject from the few library icons that name it, so new images may repeat ones you have. An AI model makes new takes.",
  /** Said over "New images of this object" when the preview engine would make them. */
  samePose:
    "The preview engine cannot pose or turn a subject: every view is drawn as the same icon, labelled with its view. An AI model draws the views.",
} as const;

/** True for images and jobs made by the preview engine. */
export function isPreview(provider: string | null | undefined): boolean {
  return provider === PREVIEW_PROVIDER_ID;
}
