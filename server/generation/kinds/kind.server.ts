import { and, desc, eq, isNotNull } from "drizzle-orm";
import type { ImageOperation, ImageOperationParams } from "#domain/image-lineage";
import type { JobKind, JobParams } from "#domain/jobs";
import type { z } from "zod";
import type { Transaction } from "../../credits/credits.server";
import type { Database } from "../../db/client.server";
import { images, objects, styles } from "../../db/schema";

type Style = typeof styles.$inferSelect;
import { iconSets } from "../preview/icon-sets.server";
import type { FileStorage } from "../../storage/storage.server";
import type { GenerationJob } from "../job-record.server";
import type {
  DrawingChoice,
  GeneratedImage,
  GenerateRequest,
  GenerateResult,
  ImageProvider,
  LearnedModel,
  ReferenceImage,
} from "../providers/provider";

/** One image a job makes. Its position is unique within the job. */
export interface ImageTask {
  position: number;
  subject: string;
  prompt: string;
  objectId: string | null;
  seed: number;
  /**
   * The image it is drawn from and how: a view drawn from the object's cover ("side view"), an
   * edit or a repaint of one of its images. Recorded on the image as its lineage.
   */
  madeFrom?: MadeFrom;
  /** Work on an image that exists (an edit, an upscale) instead of drawing a new one. */
  work?: ImageWork;
  /** Which of the drawings the object does not have yet this image is (the preview engine's; see GenerateRequest). */
  variant?: number;
  /**
   * The positions of this job whose images go first among this one's references (an animation's
   * frame before): drawn in order, each sees what the ones before it became.
   */
  follows?: number[];
  /** What Motif does to a drawn image before it is stored (a texture made to wrap). */
  finish?(image: GeneratedImage): Promise<GeneratedImage>;
}

export interface MadeFrom {
  imageId: string | null;
  operation: Extract<
    ImageOperation,
    "generated" | "edited" | "repainted" | "upscaled" | "tiled" | "outpainted" | "background"
  >;
  params: ImageOperationParams;
}

/**
 * Work on an image that exists (an edit, an upscale) in place of drawing a new one: the provider
 * method it needs (a model without it cannot run the job), how it calls it with the request the
 * runner built, and what Motif does to the answer before it is stored.
 */
export interface ImageWork {
  needs: keyof Pick<ImageProvider, "edit" | "upscale">;
  call(provider: ImageProvider, request: GenerateRequest): Promise<GenerateResult>;
  finish(image: GeneratedImage): Promise<GeneratedImage>;
}

/** What a kind tells the runner: the images to make, what to match them to, where they go. */
export interface JobPlan {
  style: Style;
  role: "anchor" | "object";
  tasks: ImageTask[];
  /** Positions this job already stored (a run after a crash skips them). */
  finished: Set<number>;
  /** Sent with every image, most important first. */
  references: ReferenceImage[];
  /** A character's pictures: first of all the references, for its identity. */
  identity?: ReferenceImage[];
  /** The trained model (a LoRA) the provider draws with, where the style or character has one. */
  learned?: LearnedModel;
  /**
   * Reference chaining: the job's first finished image joins the references for the
   * rest, so a set matches itself. Holds that image when a re-run finds it stored.
   */
  chain: { first: ReferenceImage | null } | null;
  /** Images made before this job that its progress counts (a style's earlier samples). */
  baseline: number;
  /**
   * The subjects its images are drawn among (a set's other objects, the style's): what an
   * ambiguous subject means among them. Only the preview engine reads them.
   */
  neighbours: string[];
  /** What the object already has, so the preview engine draws something else (GenerateRequest.avoid). */
  avoid?: { drawings: string[]; images: number };
  /** The library drawing a person chose for the object (GenerateRequest.drawing). */
  drawing?: DrawingChoice | null;
  /** Images this job stored before, by position, for tasks that follow them (a re-run after a crash). */
  made?: Map<number, ReferenceImage>;
  folder(task: ImageTask): string;
}

export interface PlanContext {
  db: Database;
  storage: FileStorage;
}

/** An object a job makes images of, and how many. */
export interface PlannedObject {
  id: string;
  name: string;
  total: number;
}

/** The names a job is about as they are now, for its title (a renamed object shows its new name). */
export interface JobNames {
  styleName: string;
  objectNames: string[];
}

/** What every kind's params hold, whatever else: the size and detail its price is read at. */
export type PricedParams = Pick<JobParams<JobKind>, "size" | "detail" | "transparent">;

/**
 * A job kind, whole: its stored params, how many images it makes, what it is called, which
 * objects it fills, how its params become a plan, and its tidying when it ends. The engine
 * reads kinds only through this; adding one is its module and a line in index.server.ts (or,
 * for an extension, `addJobKinds` at the start of each process: docs/decisions/111).
 */
export interface KindModule<P extends PricedParams> {
  /** Its params as stored (versioned), parsed whenever a job is read, never cast. */
  params: z.ZodType<P, unknown>;
  /** Whose images it makes: a style's samples, or objects' (listed with the composer's jobs). */
  makes: "samples" | "objects";
  /** How many images it makes: the unit of its price, progress and queue time. */
  imageCount(params: P): number;
  /** The objects its images go to, with how many each gets; none for samples. */
  objects(params: P): PlannedObject[];
  /** What the job is called in lists, toasts and webhooks. */
  title(params: P, names: JobNames): string;
  plan(ctx: PlanContext, job: GenerationJob, params: P): Promise<JobPlan>;
  /**
   * After its images, whether the run made them all or was cancelled or failed part way: what the
   * kind makes of those made (an animation's sheet). Its failure is logged; the images stay paid for.
   */
  afterImages?(ctx: PlanContext, job: GenerationJob, params: P): Promise<void>;
  /** Inside the transaction that ends the job, after its status is set: what the kind tidies then. */
  onEnd?(tx: Transaction, job: GenerationJob): Promise<void>;
}

/** A built-in kind's module, its params typed by its name. */
export type JobKindModule<K extends JobKind> = KindModule<JobParams<K>>;

/** “Name”, as titles quote what a job is about. */
export const quoted = (name: string) => `“${name}”`;

/** One object's images: the kinds that work on an object it already has. */
export const oneObject = (params: { objectId: string; name: string }, total: number): PlannedObject[] => [
  { id: params.objectId, name: params.name, total },
];

/** The style a job is for; a job outliving its style cannot run. */
export async function requireJobStyle(ctx: PlanContext, job: GenerationJob): Promise<Style> {
  const [style] = job.styleId ? await ctx.db.select().from(styles).where(eq(styles.id, job.styleId)) : [];
  if (!style) throw new Error("The style was deleted");
  return style;
}

/** The object a job works on; a job outliving its object cannot run. */
export async function requireJobObject(ctx: Pick<PlanContext, "db">, objectId: string) {
  const [object] = await ctx.db.select().from(objects).where(eq(objects.id, objectId));
  if (!object) throw new Error("The object was deleted");
  return object;
}

/** One of the object's images and its file, which the job works on (`what`: "edit"); gone, the job cannot run. */
export async function requireJobImage(ctx: PlanContext, at: { objectId: string; imageId: string }, what: string) {
  const [image] = await ctx.db
    .select()
    .from(images)
    .where(and(eq(images.id, at.imageId), eq(images.objectId, at.objectId)));
  const file = image && (await ctx.storage.read(image.fileKey));
  if (!image || !file) throw new Error(`The image to ${what} was deleted`);
  return { image, file };
}

/** The most neighbours a request carries: enough to tell a set's field, small enough to read fast. */
const MAX_NEIGHBOURS = 40;

/** The names of a style's objects, newest first: the subjects its images are drawn among. */
export async function styleSubjects(ctx: Pick<PlanContext, "db">, styleId: string): Promise<string[]> {
  const rows = await ctx.db
    .select({ name: objects.name })
    .from(objects)
    .where(eq(objects.styleId, styleId))
    .orderBy(desc(objects.createdAt))
    .limit(MAX_NEIGHBOURS);
  return [...new Set(rows.map((row) => row.name))];
}

/**
 * The library drawings an object's images redraw ("fluent-emoji-flat:fox"), and how many of its
 * images redraw one: what the preview engine avoids when it makes more of the object.
 */
export async function drawnForObject(
  ctx: PlanContext,
  objectId: string,
): Promise<{ drawings: string[]; images: number }> {
  const rows = await ctx.db
    .select({ credit: images.credit })
    .from(images)
    .where(and(eq(images.objectId, objectId), isNotNull(images.credit)));
  const byName = new Map(Object.values(iconSets).map((set) => [set.name, set.id]));
  const drawings = rows.flatMap(({ credit }) => {
    const set = credit && byName.get(credit.library);
    return set ? [`${set}:${credit.icon}`] : [];
  });
  return { drawings: [...new Set(drawings)], images: drawings.length };
}
