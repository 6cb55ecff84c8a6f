import sharp from "sharp";
import { imageSizes, type ImageSize } from "#domain/images";
import type { FlatLook } from "#domain/looks";
import { modelLabel } from "#domain/models";
import { withDeadline } from "../deadline.server";
import { checkRecraftConnection } from "./recraft-check.server";
import { imagesOf, isProviderError, recraftCall, transportError, type RecraftConnection } from "./recraft-http.server";
import { asGenerated, fetchResult, type RecraftResult } from "./recraft-results.server";
import { recraftStyle, styleFields, takesStyles } from "./recraft-styles.server";
import type {
  EditRequest,
  GeneratedImage,
  GenerateRequest,
  GenerateResult,
  ImageProvider,
  ReferenceImage,
  UpscaleRequest,
} from "./provider";

/** When a style is drawn as SVG: flat looks (icons, line art), every style, or never. */
export type RecraftVector = "flat" | "always" | "never";
/** Recraft's upscalers: crisp keeps the picture, creative adds detail. */
export type RecraftUpscaler = "crisp" | "creative";

const aspect: Record<ImageSize, string> = { square: "1:1", portrait: "2:3", landscape: "3:2" };
/** How far image-to-image may move from the image being changed (0 keeps it, 1 ignores it). */
export const EDIT_STRENGTH = 0.5;

export interface RecraftProviderOptions {
  /** RECRAFT_API_KEY. */
  apiKey: string;
  /** RECRAFT_BASE_URL: replaces https://external.api.recraft.ai for a gateway or a test's fake. */
  baseUrl?: string;
  /** RECRAFT_MODEL: a raster model (recraftv3); its vector twin (recraftv3_vector) draws the SVGs. */
  model: string;
  /** RECRAFT_VECTOR: which styles are drawn as SVG. */
  vector?: RecraftVector;
  /** RECRAFT_UPSCALE: crisp (default) or creative. */
  upscaler?: RecraftUpscaler;
  /** The longest one image may take, request to download (PROVIDER_TIMEOUT_SECONDS). */
  timeoutMs: number;
}

/** The raster and vector names of a model, whichever of the two the operator gave. */
export function recraftModels(model: string): { raster: string; vector: string } {
  const raster = model.replace(/_vector$/, "");
  return { raster, vector: `${raster}_vector` };
}

/**
 * Recraft's API: generations answered with links, in its raster or its vector models. A style
 * whose look is flat (icons, line art) is drawn as SVG: kept as the image's original, the PNG
 * rendered from it. A style with references becomes a Recraft custom style once (kept with the
 * style). A transparent image has its background removed by Recraft (and a vector is traced
 * again from that); a region is repainted by inpainting; an upscale is Recraft's. No seeds, no
 * cancel: an abort closes the request, and whatever it was making is paid.
 */
export function createRecraftProvider(options: RecraftProviderOptions): ImageProvider {
  const connection: RecraftConnection = { apiKey: options.apiKey, baseUrl: options.baseUrl };
  const models = recraftModels(options.model);
  const mode = options.vector ?? "flat";
  const upscaler = options.upscaler ?? "crisp";
  const asVector = (look: FlatLook | null | undefined) =>
    mode === "always" || (mode === "flat" && (look === "icon" || look === "line"));

  const tool = async (path: string, image: ReferenceImage, signal: AbortSignal): Promise<RecraftResult> => {
    const [first] = imagesOf(await recraftCall(connection, path, { form: { file: image } }, signal));
    return fetchResult(first!, signal);
  };

  /** A drawn image with its background taken out by Recraft; a vector traced again from that. */
  async function withoutBackground(image: GeneratedImage, vector: boolean, signal: AbortSignal) {
    const png: ReferenceImage = { data: image.data, mimeType: "image/png" };
    const cut = await tool("/images/removeBackground", png, signal);
    if (!vector || cut.kind !== "raster") return cut;
    return tool("/images/vectorize", { data: cut.data, mimeType: "image/png" }, signal);
  }

  async function finish(
    results: RecraftResult[],
    request: GenerateRequest,
    vector: boolean,
    signal: AbortSignal,
  ): Promise<GeneratedImage[]> {
    const size = imageSizes[request.size];
    return Promise.all(
      results.map(async (result) => {
        const image = await asGenerated(result, size);
        if (!request.transparent) return image;
        return asGenerated(await withoutBackground(image, vector, signal), size);
      }),
    );
  }

  async function generate(request: GenerateRequest, signal: AbortSignal): Promise<GenerateResult> {
    const vector = asVector(request.look);
    const model = vector ? models.vector : models.raster;
    const answer = await recraftCall(
      connection,
      "/images/generations",
      {
        json: {
          prompt: request.prompt,
          model,
          size: aspect[request.size],
          n: Math.min(Math.max(request.n, 1), 6),
          response_format: "url",
          ...styleFields({ model, look: request.look ?? null, vector, providerStyle: request.providerStyle }),
          ...(request.palette.length ? { controls: { colors: request.palette.slice(0, 5).map(rgbOf) } } : {}),
        },
      },
      signal,
    );
    const results = await Promise.all(imagesOf(answer).map((image) => fetchResult(image, signal)));
    return { images: await finish(results, request, vector, signal) };
  }

  /**
   * A masked region: inpainting (white repaints), or Recraft's background tool for a new background.
   * A change in words: image-to-image. Both answer
   * rasters; a flat style's image is traced to SVG by Recraft again, so it stays a vector.
   */
  async function edit(request: EditRequest, signal: AbortSignal): Promise<GenerateResult> {
    const vector = asVector(request.look);
    const common = {
      prompt: request.prompt,
      model: models.raster,
      response_format: "url",
      ...styleFields({ model: models.raster, look: request.look ?? null, vector: false }),
    };
    // A new background has Recraft's own tool; an outpaint's new space and a region are inpainted.
    const masked = request.background ? "/images/generateBackground" : "/images/inpaint";
    const answer = request.mask
      ? await recraftCall(
          connection,
          masked,
          { form: { ...common, image: request.base, mask: await greyMask(request.mask) } },
          signal,
        )
      : await recraftCall(
          connection,
          "/images/imageToImage",
          { form: { ...common, image: request.base, strength: EDIT_STRENGTH } },
          signal,
        );
    let [result] = await Promise.all(
      imagesOf(answer)
        .slice(0, 1)
        .map((image) => fetchResult(image, signal)),
    );
    // Motif lays the original back over an outpaint or a new background: a trace would be lost.
    if (vector && result!.kind === "raster" && !request.outpaint && !request.background) {
      result = await tool("/images/vectorize", { data: result!.data, mimeType: "image/png" }, signal);
    }
    const leftOut = request.references.length;
    return {
      images: await finish([result!], request, vector, signal),
      ...(leftOut > 0
        ? { notes: [`Only the image being changed was sent: ${leftOut} reference image(s) were left out.`] }
        : {}),
    };
  }

  async function upscale(request: UpscaleRequest, signal: AbortSignal): Promise<GenerateResult> {
    const path = upscaler === "creative" ? "/images/creativeUpscale" : "/images/crispUpscale";
    const result = await tool(path, request.image, signal);
    const meta = await sharp(request.image.data).metadata();
    const size = { width: (meta.width ?? 1024) * request.factor, height: (meta.height ?? 1024) * request.factor };
    return { images: [await asGenerated(result, size)] };
  }

  /** One call, request to download, within the deadline; transport failures said as provider errors. */
  async function withinDeadline<T>(signal: AbortSignal | undefined, call: (signal: AbortSignal) => Promise<T>) {
    try {
      return await withDeadline(options.timeoutMs, signal, call);
    } catch (error) {
      if (isProviderError(error)) throw error;
      throw transportError(error, signal);
    }
  }

  const styles = takesStyles(models.raster);
  return {
    id: "recraft",
    model: models.raster,
    label: modelLabel("recraft", models.raster),
    capabilities: {
      nativeAlpha: true,
      characterReference: false,
      // Recraft takes no reference image with words: a style's references become a custom style.
      maxReferences: 0,
      seed: false,
      sizes: aspect,
      detail: { draft: models.raster, standard: models.raster, high: models.raster },
      cancel: false,
      progress: false,
      edit: { words: true, region: true },
      upscale: { label: upscaler === "creative" ? "Recraft creative upscale" : "Recraft crisp upscale" },
      ...(styles ? { customStyle: { label: "Recraft custom style" } } : {}),
      ...(mode === "never"
        ? {}
        : { vector: { label: `${models.vector}, for ${mode === "always" ? "every style" : "icon and line styles"}` } }),
    },
    generate: (request) => withinDeadline(request.signal, (signal) => generate(request, signal)),
    edit: (request) => withinDeadline(request.signal, (signal) => edit(request, signal)),
    upscale: (request) => withinDeadline(request.signal, (signal) => upscale(request, signal)),
    ...(styles
      ? {
          createStyle: (request) =>
            withinDeadline(request.signal, (signal) =>
              recraftStyle(connection, { ...request, vector: asVector(request.look) }, signal),
            ),
        }
      : {}),
    checkConnection: (signal) => checkRecraftConnection({ ...connection, model: models.raster }, signal),
  };
}

/** A palette colour as Recraft's controls take it. */
function rgbOf(hex: string): { rgb: [number, number, number] } {
  const n = Number.parseInt(hex.replace("#", "").slice(0, 6), 16);
  return { rgb: [(n >> 16) & 255, (n >> 8) & 255, n & 255] };
}

/** The mask as Recraft reads it: one grey channel, white where to repaint. */
async function greyMask(mask: Buffer): Promise<ReferenceImage> {
  return {
    data: await sharp(mask).flatten({ background: "#000000" }).greyscale().toColourspace("b-w").png().toBuffer(),
    mimeType: "image/png",
  };
}
