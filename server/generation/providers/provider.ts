import type { ImageCredit } from "#domain/objects";
import type { DetailLevel, ImageSize } from "#domain/images";
import type { PriceTable } from "#domain/pricing";
import type { FlatLook } from "#domain/looks";

/** One open-library drawing: the library's id and the icon's name in it. */
export interface DrawingChoice {
  set: string;
  icon: string;
}

export interface ReferenceImage {
  data: Buffer;
  mimeType: "image/png" | "image/jpeg" | "image/webp";
}

/**
 * A model trained for a style or character (a LoRA), as generation uses it: the provider's own
 * reference to it (fal's LoRA file URL, Replicate's "owner/name:version"), how strongly it
 * applies (0 to 1.5, 1 as trained) and the word that calls it up, which the prompt carries.
 */
export interface LearnedModel {
  ref: string;
  scale: number;
  triggerWord: string;
}

export interface GenerateRequest {
  prompt: string;
  size: ImageSize;
  detail: DetailLevel;
  transparent: boolean;
  /** Style references and anchors, most important first. */
  references: ReferenceImage[];
  seed: number;
  n: number;
  /** The style's palette; the preview engine draws with it. */
  palette: string[];
  /** The style's flat look, if it has one: a provider with vector models draws icon and line looks as SVG. */
  look?: FlatLook | null;
  /**
   * The style as the provider keeps it (capabilities.customStyle: Recraft's style id), made once
   * from the style's references; the provider draws in it instead of reading the references.
   */
  providerStyle?: string;
  /** The subjects it is drawn among (a set's other objects): the preview engine reads its subject's meaning from them. */
  neighbours?: string[];
  /** The library drawing the person chose for the object ("Choose another drawing"); only the preview engine reads it. */
  drawing?: DrawingChoice | null;
  /**
   * What the object already has, so the preview engine draws something else: the library
   * drawings its images redraw ("fluent-emoji-flat:fox") and how many images it has.
   */
  avoid?: { drawings: string[]; images: number };
  /** Which of the drawings it has not yet made for the object the preview engine makes (the image's place in its job). */
  variant?: number;
  /** An opaque id of the end user, for the provider's abuse monitoring. */
  user?: string;
  /**
   * The style's or character's trained model, when it has one on this provider
   * (capabilities.train): the provider draws with it and says in `notes` what it left out.
   */
  learned?: LearnedModel;
  /**
   * Aborts the whole call, body included: the engine's deadline for this attempt, or the
   * worker shutting down. A provider passes it to every request it makes and every read.
   */
  signal?: AbortSignal;
  /** Progress within this one image, for providers that report it (capabilities.progress). */
  onProgress?: (progress: GenerateProgress) => void;
}

/** An image changed as the words (`prompt`) say; the references are the style's. */
export interface EditRequest extends GenerateRequest {
  /** The image to change: the model's starting point, sent before any reference. */
  base: ReferenceImage;
  /**
   * A PNG of the base's exact size, white where to repaint and black where to keep; null
   * changes the whole image. Sent only to providers whose capabilities say `region`.
   */
  mask: Buffer | null;
  /**
   * The mask marks new space around the picture (an outpaint: the base is the picture on a larger
   * canvas) rather than a region inside it. A provider with its own way to outpaint (a ComfyUI
   * outpaint workflow) uses it; the others repaint the masked region as any other.
   */
  outpaint?: boolean;
  /**
   * The mask marks the background behind a subject, to be painted anew (a new background). A
   * provider with its own background tool (Recraft's) uses it; the others repaint the region.
   */
  background?: boolean;
}

/** An image made `factor` times wider and taller by the provider's upscaler. */
export interface UpscaleRequest {
  image: ReferenceImage;
  factor: 2 | 4;
  user?: string;
  signal?: AbortSignal;
  onProgress?: (progress: GenerateProgress) => void;
}

/** How far one image has come: `step` of `steps` (a sampler's steps, say). */
export interface GenerateProgress {
  step: number;
  steps: number;
}

export interface GeneratedImage {
  data: Buffer;
  format: "png" | "webp";
  /** The open-library icon a preview drawing redraws, kept with the image. */
  credit?: ImageCredit;
  /**
   * The image's native vector original, when the model drew one (Recraft's vector models): a
   * sanitised SVG, kept as the image's original; `data` is then the PNG rendered from it.
   */
  svg?: string;
}

export interface GenerateResult {
  images: GeneratedImage[];
  usage?: { inputTokens: number; outputTokens: number };
  /** Plain sentences about what the provider changed in the request (references it left out, say). */
  notes?: string[];
}

/** What a provider can do; the engine reads these, never provider ids. */
export interface ProviderCapabilities {
  /** Returns real alpha when asked for a transparent background. */
  nativeAlpha: boolean;
  /** The most input images it takes with one request. */
  maxReferences: number;
  /** The same seed and request give the same image. */
  seed: boolean;
  /** How each of Motif's sizes is asked of it, in its own terms ("1024x1536", "2:3"). */
  sizes: Record<ImageSize, string>;
  /** What each detail level asks of it, in its own terms ("quality: low", "28 steps"). */
  detail: Record<DetailLevel, string>;
  /** Stops the work on its side when the request's signal aborts (a user's cancel), not only the wait. */
  cancel: boolean;
  /** Reports progress within one image through `onProgress`. */
  progress: boolean;
  /**
   * Changes a given image as words say (`words`), and repaints only a masked region of it
   * (`region`), through `edit`. Where it cannot, `why` says so in one plain sentence.
   */
  edit: { words: boolean; region: boolean; why?: string };
  /**
   * Set when it cannot draw an object in another pose, view or state (a turnaround, "running"):
   * why, in one plain sentence. Views are then refused before anything is made or paid.
   */
  cannotPose?: string;
  /** Makes an image larger with an AI upscaler, through `upscale`; `label` names it ("ESRGAN"). */
  upscale?: { label: string };
  /**
   * Trains a LoRA on a style's or character's pictures, through `training`, and draws with one
   * (GenerateRequest.learned); `label` names the trainer ("FLUX LoRA fast training").
   */
  train?: { label: string };
  /**
   * Takes a character's references apart from a style's, with their own weight; without it the
   * character goes first among the references and its strength is approximate.
   */
  characterReference: boolean;
  /**
   * Learns a style from its reference images once, kept with the style, through `createStyle`
   * (GenerateRequest.providerStyle); `label` names it ("Recraft custom style").
   */
  customStyle?: { label: string };
  /**
   * Draws flat styles (GenerateRequest.look) as native SVG (GeneratedImage.svg); `label` says
   * with what and which ("recraftv3_vector, for icon and line styles").
   */
  vector?: { label: string };
}

/** A style to learn from references (capabilities.customStyle), for drawing in `look`. */
export interface CustomStyleRequest {
  references: ReferenceImage[];
  look: FlatLook | null;
  signal?: AbortSignal;
}

/** One picture of a training set and its caption (the trigger word is the caption's first word). */
export interface TrainingImage {
  name: string;
  data: Buffer;
  mimeType: ReferenceImage["mimeType"];
  caption: string;
}

/** What a provider is asked to learn: a look (a style) or a subject (a character). */
export interface TrainRequest {
  /** Motif's id for the training, for the provider's own names (Replicate's destination model). */
  id: string;
  learns: "style" | "character";
  /** The dataset as one ZIP: each picture beside a .txt file of its caption, as LoRA trainers read it. */
  dataset: Buffer;
  triggerWord: string;
  steps: number;
  signal?: AbortSignal;
}

/** A training as the provider knows it: its id there, which is all Motif keeps to follow or stop it. */
export interface StartedTraining {
  providerId: string;
}

/** How a training at the provider stands. */
export type TrainingState =
  | { status: "queued" | "running"; progress: number }
  | { status: "succeeded"; model: TrainedModel }
  | { status: "failed"; reason: string; refused: boolean }
  | { status: "cancelled" };

/** What a finished training made: the reference generation uses, and the weights when they can be fetched. */
export interface TrainedModel {
  /** LearnedModel.ref: fal's LoRA file URL, Replicate's "owner/name:version". */
  ref: string;
  /** Where the LoRA's .safetensors file can be downloaded (kept by Motif where the operator allows). */
  weightsUrl?: string;
}

/**
 * Training a LoRA on the provider (capabilities.train). Stateless between calls: `start` submits
 * and returns the provider's id, which is stored, so any process can `check` it or `cancel` it.
 */
export interface ProviderTraining {
  start(request: TrainRequest): Promise<StartedTraining>;
  /** One look at the training's state; never waits for it to end. */
  check(providerId: string, signal?: AbortSignal): Promise<TrainingState>;
  /** Stops it at the provider; a training already ended is left as it is. */
  cancel(providerId: string, signal?: AbortSignal): Promise<void>;
  /** Downloads the trained weights (`TrainedModel.weightsUrl`), bounded in size. */
  download?(url: string, signal?: AbortSignal): Promise<Buffer>;
}

/** What a connection check found: the service answered; whether it offers the model, when it can tell. */
export interface ConnectionProbe {
  modelAvailable: boolean | null;
  /** One plain sentence for the operator, e.g. "The key works and gemini-2.5-flash-image is available." */
  message: string;
}

/** One image generation service behind Motif. */
export interface ImageProvider {
  id: string;
  model: string;
  /** Shown in the UI; the preview engine says plainly what it is. */
  label: string;
  /** What one image costs with it (the operator's setting; the standard prices when not given). */
  prices?: PriceTable;
  capabilities: ProviderCapabilities;
  generate(request: GenerateRequest): Promise<GenerateResult>;
  /** Present when `capabilities.edit.words`: one changed image of `request.base`. */
  edit?(request: EditRequest): Promise<GenerateResult>;
  /** Present when `capabilities.upscale`: the image, `factor` times larger (roughly: Motif sizes it exactly). */
  upscale?(request: UpscaleRequest): Promise<GenerateResult>;
  /** Present when `capabilities.train`. */
  training?: ProviderTraining;
  /** Present when `capabilities.customStyle`: the provider's id of the style it learned. */
  createStyle?(request: CustomStyleRequest): Promise<string>;
  /**
   * One free, authenticated call that proves the address, the key and (where it can) the
   * model, without making an image. Throws on failure with an Error whose message is one
   * plain sentence saying what went wrong and which variable to check; the caller adds
   * the deadline, the timing, and removes any secret from the message.
   */
  checkConnection?(signal: AbortSignal): Promise<ConnectionProbe>;
}

/** The provider refused the request (content policy): retrying will not help. */
export class ProviderRefusalError extends Error {
  override name = "ProviderRefusalError";
}

/** The engine cannot make what was asked (no other drawing): refunded like a refusal, its message shown as it is. */
export class ProviderCannotError extends ProviderRefusalError {
  override name = "ProviderCannotError";
}

/** Rate limits, server errors and timeouts: worth another try after a pause. */
export class ProviderRetryableError extends Error {
  override name = "ProviderRetryableError";
}

/** The provider did not finish answering (headers and body) before the deadline: retryable. */
export class ProviderTimeoutError extends ProviderRetryableError {
  override name = "ProviderTimeoutError";
  constructor(timeoutMs: number) {
    super(`The image service did not answer within ${timeoutMs / 1000} s`);
  }
}

/** Anything else the provider rejected. */
export class ProviderError extends Error {
  override name = "ProviderError";
}

/**
 * The provider answered something Motif cannot use as this image (not an image, bytes that do not
 * decode, a result link that expired): that image fails and is refunded, the job's others go on.
 * Its message is one plain sentence for the person, naming no setting and no secret.
 */
export class ProviderAnswerError extends ProviderError {
  override name = "ProviderAnswerError";
}

/** The image came back opaque although a transparent background was asked for. */
export class ProviderOpaqueImageError extends Error {
  override name = "ProviderOpaqueImageError";
}
