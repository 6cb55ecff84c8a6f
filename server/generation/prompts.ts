/** The sample subjects a new style is shown with; they become its anchors. */
export const ANCHOR_SUBJECTS = ["a cosy house", "a leafy tree", "a steaming cup of coffee", "a sitting cat"] as const;

/** The fixed sentences every prompt carries: the preview engine knows them by heart. */
export const promptSentences = {
  consistency:
    "Keep line weight, shading, lighting, perspective and framing identical across every image in this style.",
  framing: "A single centred subject with even padding.",
  transparent: "Isolated on a fully transparent background, no shadow box, no frame.",
  opaque: "On a clean, simple background.",
} as const;

/** The written-down style every image in it is generated with. */
export function styleSystemPrompt(options: { description: string; palette: string[] }): string {
  const palette = options.palette.length ? ` Colour palette: ${options.palette.join(", ")}.` : "";
  return `${options.description.trim()}.${palette} ${promptSentences.consistency}`;
}

export function subjectPrompt(options: {
  subject: string;
  stylePrompt: string;
  transparent: boolean;
  /** The user's extra words for this object ("glowing, slightly open"). */
  extra?: string | null;
}): string {
  const background = options.transparent ? promptSentences.transparent : promptSentences.opaque;
  const extra = options.extra ? ` ${options.extra.trim().replace(/\.?$/, ".")}` : "";
  return `${options.subject}.${extra} ${options.stylePrompt} ${promptSentences.framing} ${background}`;
}

/** 32-bit FNV-1a: a stable number from text. */
export function hashText(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/**
 * A stable seed for image `variant` of a subject in a style: the same object asked
 * for again next month starts from the same seed, and its variants differ.
 */
export function seedFor(styleSeed: number, subject: string, variant: number): number {
  return ((styleSeed + hashText(subject.toLowerCase()) + variant * 7919) % 2147483646) + 1;
}

/**
 * An edit's prompt: the change first (what the model must do), then what must stay (the same
 * subject in the same style), so a model that reads it as a description still draws the object.
 */
export function editPrompt(options: {
  subject: string;
  instruction: string;
  stylePrompt: string;
  transparent: boolean;
  /** Only a painted region is repainted. */
  region: boolean;
}): string {
  const change = options.instruction.trim().replace(/\.?$/, ".");
  const where = options.region ? "Repaint only the marked region: " : "Edit this image of ";
  const subject = options.region ? `${change} ` : `${options.subject}: ${change} `;
  const keep = `Keep everything else about the ${options.subject} as it is, in the same style. ${options.stylePrompt}`;
  const background = options.transparent ? promptSentences.transparent : promptSentences.opaque;
  return `${where}${subject}${keep} ${background}`;
}

/**
 * An outpaint's prompt: what to paint in the marked space — the picture continued past its edges,
 * or a new background behind the subject — then what must stay (the subject, the style).
 */
export function outpaintPrompt(options: {
  subject: string;
  mode: "extend" | "background";
  words: string | null;
  stylePrompt: string;
  transparent: boolean;
}): string {
  const words = options.words?.trim().replace(/\.?$/, "");
  const task =
    options.mode === "background"
      ? `Paint a new background behind the ${options.subject}: ${words ?? "a fitting scene"}. Paint only the marked background; the ${options.subject} stays exactly as it is, lit to match.`
      : `Extend this picture of the ${options.subject} outward: paint only the marked new space around it so the picture continues seamlessly past its edges${words ? `, with ${words} there` : ""}. Keep the same perspective, lighting and horizon.`;
  const keep = `Keep the ${options.subject} and everything already drawn as it is, in the same style. ${options.stylePrompt}`;
  const background = options.mode === "extend" && options.transparent ? ` ${promptSentences.transparent}` : "";
  return `${task} ${keep}${background}`;
}

/**
 * One frame of an animation a model draws from the object's image: the pose first (what changes),
 * then what must not (the same character, size and style), so frames line up and do not flicker.
 */
export function animationFramePrompt(options: {
  subject: string;
  /** The action in words ("walking", or the user's own). */
  action: string;
  frame: number;
  frames: number;
  loop: boolean;
  /** How the direction is said ("facing right (east), seen from the side"). */
  facing: string;
  stylePrompt: string;
}): string {
  const { subject, frame, frames } = options;
  const same = `the same proportions, size, colours, outline and details as in the first image, full body, centred, the feet on the ground line.`;
  // One frame: the character turned to face a way, standing as the action says (a directional sprite).
  if (frames === 1) {
    return `Draw the ${subject} ${options.action}, ${options.facing}. Keep the same ${subject} exactly: ${same} ${options.stylePrompt} ${promptSentences.transparent}`;
  }
  const cycle = options.loop
    ? `a looping ${frames}-frame cycle, so the last frame leads back into the first`
    : `a ${frames}-frame animation played once, from its start to its end`;
  return (
    `Draw frame ${frame + 1} of ${frames} of the ${subject} ${options.action}, ${options.facing}: ${cycle}. ` +
    `The pose follows on from the frame before. Keep the same ${subject} exactly: the same proportions, size, ` +
    `colours, outline and details as in the first image, full body, centred, the feet on the same ground line. ` +
    `${options.stylePrompt} ${promptSentences.transparent}`
  );
}

/**
 * A texture a model draws for tiles: the material filling the whole square, seen from straight
 * above and evenly lit, so it can be made to wrap; the style's look, but no subject, border or
 * background of its own.
 */
export function texturePrompt(options: { material: string; stylePrompt: string }): string {
  return (
    `A seamless, tileable texture of ${options.material.trim().replace(/\.$/, "")}, seen from straight above, ` +
    `filling the whole square edge to edge: no single subject, no border, no frame, no background, no vignette, ` +
    `no perspective, even lighting with no cast shadows, details spread evenly so it repeats without a visible seam. ` +
    `${options.stylePrompt}`
  );
}
