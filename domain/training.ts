import { z } from "zod";

/** A training's dataset: fewer pictures teach a LoRA too little, more add time and little else. */
export const trainingLimits = { minPictures: 5, maxPictures: 50, caption: 300, triggerWord: 40 } as const;

/** How long a training runs, in the trainer's steps: more learns closer, and costs in proportion. */
export const trainingPresets = {
  quick: { steps: 500, label: "Quick", hint: "500 steps: a first try, a few minutes." },
  standard: { steps: 1000, label: "Standard", hint: "1,000 steps: what most styles and characters need." },
  thorough: { steps: 2000, label: "Thorough", hint: "2,000 steps: fine detail, twice the time and price." },
} as const;
export type TrainingPreset = keyof typeof trainingPresets;
export const trainingPresetValues = Object.keys(trainingPresets) as [TrainingPreset, ...TrainingPreset[]];

/** Credits per 1,000 steps unless the operator sets a provider's price (TRAINING_PRICES). */
export const standardTrainingCredits = 600;

/** What a training costs: the provider's credits per 1,000 steps, in proportion to the preset's steps. */
export const trainingPrice = (preset: TrainingPreset, creditsPerThousandSteps: number) =>
  Math.ceil((creditsPerThousandSteps * trainingPresets[preset].steps) / 1000);

export const trainingStatuses = ["queued", "running", "succeeded", "failed", "cancelled"] as const;
export type TrainingStatus = (typeof trainingStatuses)[number];
export const isTrainingOpen = (status: TrainingStatus) => status === "queued" || status === "running";

/** How strongly a trained model or a character applies: 0 (not at all) to 1.5, 1 as trained. */
export const strengthRange = { min: 0, max: 1.5, standard: 1 } as const;
export const strengthSchema = z
  .number({ error: "Choose a strength from 0 to 1.5." })
  .min(strengthRange.min, "Choose a strength from 0 to 1.5.")
  .max(strengthRange.max, "Choose a strength from 0 to 1.5.")
  .meta({ description: "0 leaves it out, 1 applies it as trained or given, 1.5 most strongly." });

/** A trigger word made from a name: "Iron Knight" → "ironknight"; a short or empty one gets a prefix. */
export function suggestedTriggerWord(name: string): string {
  const word = name
    .normalize("NFKD")
    .replace(/[^\p{L}\p{N}]/gu, "")
    .toLowerCase()
    .slice(0, 24);
  return word.length >= 4 ? `${word}` : `mtf${word || "look"}`;
}

/** Where a dataset's picture comes from: the style's references, the subject's uploaded pictures, or the library. */
export const pictureSources = ["reference", "picture", "image"] as const;
export type PictureSource = (typeof pictureSources)[number];

/** A training as the API shows it. */
export const trainingViewSchema = z
  .object({
    id: z.string(),
    learns: z.enum(["style", "character"]),
    subjectId: z.string().nullable().meta({ description: "The style's or character's id; null once it was deleted." }),
    provider: z.string(),
    preset: z.enum(trainingPresetValues),
    steps: z.number().int(),
    triggerWord: z.string(),
    pictureCount: z.number().int(),
    credits: z.number().int(),
    refundedCredits: z.number().int(),
    status: z.enum(trainingStatuses),
    progress: z.number().int().min(0).max(100),
    error: z.string().nullable(),
    weightsKept: z.boolean().meta({ description: "Motif keeps a copy of the trained weights in its storage." }),
    createdAt: z.string(),
    finishedAt: z.string().nullable(),
  })
  .meta({ id: "Training", description: "A LoRA trained on a style's or character's pictures." });
export type TrainingView = z.output<typeof trainingViewSchema>;

/** The name a character or style gets in captions: "a picture of Iron Knight". */
export const captionFor = (options: { learns: "style" | "character"; triggerWord: string; subject: string }) =>
  options.learns === "character"
    ? `${options.triggerWord}, ${options.subject}`
    : `${options.subject}, in the style of ${options.triggerWord}`;

/** A picture kept to teach a model (a character's reference, or one uploaded to train a style). */
export const learningPictureViewSchema = z
  .object({
    id: z.string(),
    url: z.string().meta({ description: "GET it with the same session or key: /api/files/picture/{id}." }),
    width: z.number().int(),
    height: z.number().int(),
    sourceImageId: z.string().nullable(),
  })
  .meta({ id: "LearningPicture" });

/** What training on one model costs, by preset. */
export const trainerViewSchema = z
  .object({
    model: z.string().meta({ description: "The provider id to pass as `model`." }),
    label: z.string(),
    trainer: z.string().meta({ description: "The provider's trainer, in its own words." }),
    prices: z
      .object({ quick: z.number().int(), standard: z.number().int(), thorough: z.number().int() })
      .meta({ description: "Credits by preset." }),
  })
  .meta({ id: "Trainer" });

export const characterViewSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    description: z.string(),
    pictures: z.array(learningPictureViewSchema),
    trainings: z.array(trainingViewSchema),
    createdAt: z.string(),
  })
  .meta({ id: "Character", description: "A named subject drawn in any of the workspace's styles." });
export type CharacterView = z.output<typeof characterViewSchema>;

/**
 * What the create page's composer offers to learn from: the workspace's characters (newest first)
 * and the models each character and each style was trained on (a training that succeeded).
 */
export interface ComposerLearningView {
  characters: { id: string; name: string; trainedOn: string[] }[];
  /** By style id; a style never trained is not listed. */
  styleTrainedOn: Record<string, string[]>;
}

export const characterReply = z.object({ character: characterViewSchema }).meta({ id: "CharacterReply" });
export const charactersReply = z
  .object({ characters: z.array(characterViewSchema), trainers: z.array(trainerViewSchema) })
  .meta({ id: "CharactersReply" });
export const trainingReply = z.object({ training: trainingViewSchema }).meta({ id: "TrainingReply" });
export const picturesReply = z.object({ pictures: z.array(learningPictureViewSchema) }).meta({ id: "PicturesReply" });
export const styleLearningReply = z
  .object({
    pictures: z.array(learningPictureViewSchema),
    trainings: z.array(trainingViewSchema),
    trainers: z.array(trainerViewSchema),
  })
  .meta({
    id: "StyleLearningReply",
    description: "A style's training pictures, its trainings and what training costs.",
  });
