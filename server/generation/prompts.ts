/** The sample subjects a new style is shown with; they become its anchors. */
export const ANCHOR_SUBJECTS = ["a cosy house", "a leafy tree", "a steaming cup of coffee", "a sitting cat"] as const;

/** The written-down style every image in it is generated with. */
export function styleSystemPrompt(options: { description: string; palette: string[] }): string {
  const palette = options.palette.length ? ` Colour palette: ${options.palette.join(", ")}.` : "";
  return `${options.description.trim()}.${palette} Keep line weight, shading, lighting, perspective and framing identical across every image in this style.`;
}

export function subjectPrompt(options: { subject: string; stylePrompt: string; transparent: boolean }): string {
  const background = options.transparent
    ? "Isolated on a fully transparent background, no shadow box, no frame."
    : "On a clean, simple background.";
  return `${options.subject}. ${options.stylePrompt} A single centred subject with even padding. ${background}`;
}
