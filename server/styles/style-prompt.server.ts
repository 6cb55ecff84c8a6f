import { styleSystemPrompt } from "../generation/prompts";

/** The written-down style: the user's words, or those derived from the references, and the palette. */
export function stylePromptOf(style: {
  description: string;
  derivedDescription: string | null;
  palette: string[];
}): string {
  return styleSystemPrompt({
    description: style.description || style.derivedDescription || "",
    palette: style.palette,
  });
}
