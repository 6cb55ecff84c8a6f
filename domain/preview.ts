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
    "The preview engine draws each subject from the few library icons that name it: new images take the ones this object does not have yet, then the same in the palette's other colours, and it says when there is no other. An AI model makes new takes.",
  /** Why an image of an object was not made: every drawing the engine has of it is already there. */
  noOtherDrawing:
    "The preview engine has no other drawing of this subject: every library icon it has for it is already among the object's images. Choose another drawing, or use an AI model for new takes.",
  /** Said over "New images of this object" when the preview engine would make them. */
  samePose:
    "The preview engine cannot pose or turn a subject: it has one drawing of each icon, so it makes no views. An AI model draws them.",
} as const;

/** True for images and jobs made by the preview engine. */
export function isPreview(provider: string | null | undefined): boolean {
  return provider === PREVIEW_PROVIDER_ID;
}
