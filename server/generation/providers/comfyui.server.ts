import { modelLabel } from "#domain/models";
import type { DetailLevel, ImageSize } from "#domain/images";
import { withDeadline } from "../deadline.server";
import { referenceSlots } from "./comfyui-workflow.server";
import { ProviderError, type GeneratedImage, type ImageProvider, type UpscaleRequest } from "./provider";
import { comfyClient, type ComfyUIProviderOptions } from "./comfyui-client.server";

/** SDXL's native resolutions, about one megapixel, with Motif's exact aspect ratios (multiples of 8). */
export const COMFY_DEFAULT_SIZES: Record<ImageSize, { width: number; height: number }> = {
  square: { width: 1024, height: 1024 },
  portrait: { width: 832, height: 1248 },
  landscape: { width: 1248, height: 832 },
};
export const COMFY_DEFAULT_STEPS: Record<DetailLevel, number> = { draft: 12, standard: 24, high: 40 };
export const COMFY_DEFAULT_NEGATIVE_PROMPT = "blurry, low quality, jpeg artifacts, watermark, signature, text";

/**
 * A self-hosted ComfyUI over its HTTP and WebSocket API. Each image: references uploaded
 * to ComfyUI's input folder, the workflow filled in and queued with a client id whose
 * WebSocket (opened first, so no event is missed) reports sampler progress and the end;
 * the image is then read from /history and /view. If the socket drops, /history is
 * polled. An abort (the user's cancel or the deadline) interrupts the prompt if it is
 * running or removes it from the queue if it is waiting, so the GPU stops too.
 */
export function createComfyUIProvider(options: ComfyUIProviderOptions): ImageProvider {
  const sizes = options.sizes ?? COMFY_DEFAULT_SIZES;
  const steps = options.steps ?? COMFY_DEFAULT_STEPS;
  const referenceWorkflow = options.referenceWorkflow ?? options.workflow;
  const maxReferences = referenceSlots(referenceWorkflow);
  // What requests may carry: as many as the generation workflow or the edit workflow takes.
  const editReferences = options.editWorkflow ? referenceSlots(options.editWorkflow) : 0;
  const client = comfyClient(options);

  return {
    id: "comfyui",
    model: options.model,
    label: modelLabel("comfyui", options.model),
    capabilities: {
      nativeAlpha: false,
      characterReference: false,
      maxReferences: Math.max(maxReferences, editReferences),
      seed: true,
      sizes: mapValues(sizes, (s) => `${s.width}×${s.height}`),
      detail: mapValues(steps, (n) => `${n} steps`),
      cancel: true,
      progress: true,
      edit: {
        words: Boolean(options.editWorkflow),
        region: Boolean(options.inpaintWorkflow),
        ...(options.editWorkflow && options.inpaintWorkflow
          ? {}
          : {
              why: "This ComfyUI has no edit or inpaint workflow set (COMFYUI_EDIT_WORKFLOW, COMFYUI_INPAINT_WORKFLOW).",
            }),
      },
      ...(options.upscaleWorkflow ? { upscale: { label: "the upscale model in ComfyUI" } } : {}),
    },
    ...(options.upscaleWorkflow
      ? {
          upscale(request: UpscaleRequest) {
            const workflow = options.upscaleWorkflow!;
            return withDeadline(options.timeoutMs, request.signal, async (signal) => ({
              images: [
                await client.run({
                  workflow,
                  references: [],
                  files: { image: request.image, mask: null },
                  // The shipped workflow's model enlarges ×4; {{scale_by}} brings that to the factor asked.
                  values: {
                    ...sizes.square,
                    prompt: "",
                    negative_prompt: "",
                    seed: 0,
                    steps: 1,
                    scale_by: request.factor / 4,
                  },
                  onProgress: request.onProgress,
                  signal,
                }),
              ],
            }));
          },
        }
      : {}),
    edit(request) {
      // An outpaint's mask is the new space around the picture: the outpaint workflow, where there is one.
      const repaint = (request.outpaint && options.outpaintWorkflow) || options.inpaintWorkflow;
      const workflow = request.mask ? repaint : options.editWorkflow;
      if (!workflow) throw new ProviderError("This ComfyUI has no workflow for this edit");
      // An edit workflow with reference slots gets the first references (an animation's frame
      // before); none given, the image itself fills them, so it is drawn from the image alone.
      const slots = request.mask ? 0 : referenceSlots(workflow);
      const references = slots > 0 ? request.references.slice(0, slots) : [];
      return withDeadline(options.timeoutMs, request.signal, async (signal) => ({
        images: [
          await client.run({
            workflow,
            references: slots > 0 && references.length === 0 ? [request.base] : references,
            files: { image: request.base, mask: request.mask },
            values: {
              prompt: request.prompt,
              negative_prompt: options.negativePrompt ?? COMFY_DEFAULT_NEGATIVE_PROMPT,
              seed: request.seed,
              ...sizes[request.size],
              steps: steps[request.detail],
            },
            onProgress: request.onProgress,
            signal,
          }),
        ],
      }));
    },
    generate(request) {
      return withDeadline(options.timeoutMs, request.signal, async (signal) => {
        const images: GeneratedImage[] = [];
        const references = request.references.slice(0, maxReferences);
        const workflow = references.length > 0 ? referenceWorkflow : options.workflow;
        const notes =
          references.length > 0 && references.length < maxReferences
            ? [
                `The ComfyUI workflow takes ${maxReferences} reference images; the ${references.length} given filled them in turn.`,
              ]
            : [];
        // One prompt per image; the seed moves on so the images differ.
        for (let i = 0; i < request.n; i++) {
          images.push(
            await client.run({
              workflow,
              references,
              values: {
                prompt: request.prompt,
                negative_prompt: options.negativePrompt ?? COMFY_DEFAULT_NEGATIVE_PROMPT,
                seed: request.seed + i,
                ...sizes[request.size],
                steps: steps[request.detail],
              },
              onProgress: request.onProgress,
              signal,
            }),
          );
        }
        return { images, ...(notes.length ? { notes } : {}) };
      });
    },
    checkConnection: (signal) => client.check(signal),
  };
}

function mapValues<K extends string, V, W>(record: Record<K, V>, f: (value: V) => W): Record<K, W> {
  return Object.fromEntries(Object.entries(record).map(([k, v]) => [k, f(v as V)])) as Record<K, W>;
}
