/** The shapes and detail levels an image can be made in (DESIGN.md §6). */
export const imageSizes = {
  square: { width: 1024, height: 1024, label: "Square", dimensions: "1024 × 1024" },
  portrait: { width: 1024, height: 1536, label: "Portrait", dimensions: "1024 × 1536" },
  landscape: { width: 1536, height: 1024, label: "Landscape", dimensions: "1536 × 1024" },
} as const;
export type ImageSize = keyof typeof imageSizes;
export const imageSizeValues = ["square", "portrait", "landscape"] as const satisfies readonly ImageSize[];

export const detailLevels = {
  draft: { label: "Draft", hint: "Fast sketches to explore ideas" },
  standard: { label: "Standard", hint: "Clean results for most assets" },
  high: { label: "High", hint: "Finest detail for final artwork" },
} as const;
export type DetailLevel = keyof typeof detailLevels;
export const detailValues = ["draft", "standard", "high"] as const satisfies readonly DetailLevel[];
