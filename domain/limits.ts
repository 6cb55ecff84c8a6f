/** The limits both the forms and the server hold to. */
export const limits = {
  /** Reference images a user may upload for one style. */
  referenceImages: 5,
  /** Sample images (anchors) a style is shown with. */
  styleSamples: 4,
  /** Subjects one submission may name: one object per line. */
  subjectsPerSet: 50,
  /** Images made of each object in one submission, and per "more variations". */
  variations: 4,
  /** Poses, views or states asked of one object at once, and the length of each. */
  objectViews: 8,
  objectView: 80,
  /** The words of one edit or repaint, and the largest painted-region PNG it may send (base64). */
  editInstruction: 1000,
  editMaskBase64: 5_000_000,
  /** Input images sent to a provider with each image (style references, samples, chained results). */
  providerReferences: 16,
  objectName: 120,
  objectPrompt: 1000,
  styleName: 80,
  styleDescription: 2000,
  /** Objects in one ZIP export. */
  exportObjects: 500,
} as const;

export const ANCHOR_COUNT = limits.styleSamples;
