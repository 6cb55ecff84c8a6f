// A ComfyUI prompt's graph as the fake reads it: the node types it knows, the order ComfyUI
// executes nodes in, and the size of the image a link carries, followed back through the graph.
import sharp from "sharp";

export type Node = { class_type?: unknown; inputs?: Record<string, unknown> };
export type Prompt = Record<string, Node>;

/**
 * What each node type takes, for /object_info and validation: INT and FLOAT inputs must be
 * numbers, within their range where ComfyUI gives one.
 */
export const NODE_TYPES: Record<
  string,
  { ints?: string[]; floats?: Record<string, { min: number; max: number }>; output?: boolean }
> = {
  CheckpointLoaderSimple: {},
  CLIPTextEncode: {},
  EmptyLatentImage: { ints: ["width", "height", "batch_size"] },
  KSampler: { ints: ["seed", "steps"] },
  VAEDecode: {},
  VAEEncode: {},
  LoadImage: {},
  LoadImageMask: {},
  VAEEncodeForInpaint: { ints: ["grow_mask_by"] },
  ImageScale: { ints: ["width", "height"] },
  LatentBlend: {},
  UpscaleModelLoader: {},
  ImageUpscaleWithModel: {},
  ImageScaleBy: { floats: { scale_by: { min: 0.01, max: 8 } } },
  SaveImage: { output: true },
  PreviewImage: { output: true },
};

/** Nodes that load an uploaded file from the input folder. */
export const LOADERS = new Set(["LoadImage", "LoadImageMask"]);
/** ComfyUI's tiled upscale: 512 px tiles overlapping by 32, one progress step each. */
const UPSCALE_TILE = 512;
const UPSCALE_OVERLAP = 32;
/** What the upscale models in the control list enlarge by (all of them ×4, as RealESRGAN_x4plus). */
const UPSCALE_MODEL_SCALE = 4;

/** Python's round(): halves to the even neighbour, as ComfyUI's ImageScaleBy rounds. */
function pythonRound(value: number): number {
  const floor = Math.floor(value);
  const diff = value - floor;
  if (diff !== 0.5) return Math.round(value);
  return floor % 2 === 0 ? floor : floor + 1;
}

/** Dependencies first, as ComfyUI executes a graph. */
export function executionOrder(prompt: Prompt): string[] {
  const order: string[] = [];
  const seen = new Set<string>();
  const visit = (id: string) => {
    if (seen.has(id) || !prompt[id]) return;
    seen.add(id);
    for (const value of Object.values(prompt[id]!.inputs ?? {})) {
      if (Array.isArray(value) && typeof value[0] === "string") visit(value[0]);
    }
    order.push(id);
  };
  for (const id of Object.keys(prompt)) visit(id);
  return order;
}

/**
 * Width and height of the image a SaveImage node saves: the size its images link carries,
 * followed back through the graph; when the fake cannot tell, the workflow's empty latent, or
 * the size it scales a reference to, or the size of the image it loads.
 */
export async function imageSize(
  files: ReadonlyMap<string, Buffer>,
  prompt: Prompt,
  save: Node,
): Promise<[number, number]> {
  const followed = await sizeAt(files, prompt, save.inputs?.images);
  if (followed) return followed;
  const sized = Object.values(prompt).find((n) => n.class_type === "EmptyLatentImage" || n.class_type === "ImageScale");
  if (sized) return [Number(sized.inputs?.width ?? 512), Number(sized.inputs?.height ?? 512)];
  const loaded = Object.values(prompt).find((n) => n.class_type === "LoadImage");
  return (loaded && (await fileSize(files, loaded))) ?? [512, 512];
}

/** The size of the file a LoadImage or LoadImageMask node loads, if it was uploaded and is an image. */
async function fileSize(files: ReadonlyMap<string, Buffer>, node: Node): Promise<[number, number] | null> {
  const file = files.get(`input/${String(node.inputs?.image)}`);
  if (!file) return null;
  const meta = await sharp(file)
    .metadata()
    .catch(() => null);
  return meta?.width && meta.height ? [meta.width, meta.height] : null;
}

/**
 * The size of the image (or mask, or latent, in pixels) a link carries, followed back to the
 * node that loads, makes or scales it; null when the fake cannot tell.
 */
export async function sizeAt(
  files: ReadonlyMap<string, Buffer>,
  prompt: Prompt,
  link: unknown,
  depth = 0,
): Promise<[number, number] | null> {
  if (!Array.isArray(link) || typeof link[0] !== "string" || depth > 32) return null;
  const node = prompt[link[0]];
  if (!node) return null;
  const inputs = node.inputs ?? {};
  if (LOADERS.has(String(node.class_type))) return fileSize(files, node);
  if (node.class_type === "ImageScale" || node.class_type === "EmptyLatentImage") {
    return [Number(inputs.width), Number(inputs.height)];
  }
  if (node.class_type === "ImageUpscaleWithModel" || node.class_type === "ImageScaleBy") {
    const from = await sizeAt(files, prompt, inputs.image, depth + 1);
    const by = node.class_type === "ImageScaleBy" ? Number(inputs.scale_by) : UPSCALE_MODEL_SCALE;
    return from && [Math.max(1, pythonRound(from[0] * by)), Math.max(1, pythonRound(from[1] * by))];
  }
  const upstream =
    inputs.image ?? inputs.pixels ?? inputs.samples ?? inputs.latent_image ?? inputs.samples1 ?? inputs.mask;
  return sizeAt(files, prompt, upstream, depth + 1);
}

/** The tiles ComfyUI's tiled upscale works through for the image a link carries: its progress steps. */
export async function upscaleTiles(files: ReadonlyMap<string, Buffer>, prompt: Prompt, link: unknown): Promise<number> {
  const [width, height] = (await sizeAt(files, prompt, link)) ?? [512, 512];
  const across = (side: number) => Math.ceil(side / (UPSCALE_TILE - UPSCALE_OVERLAP));
  return across(width) * across(height);
}
