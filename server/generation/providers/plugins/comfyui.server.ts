import path from "node:path";
import { optionalText, priceSetting, providerUrl } from "../../../config/env-values.server";
import { defineProviderPlugin } from "../plugin.server";

/** A self-hosted ComfyUI, running the operator's workflows (or the shipped ones). */
export const comfyuiPlugin = defineProviderPlugin({
  id: "comfyui",
  service: "ComfyUI",
  env: {
    COMFYUI_URL: providerUrl,
    // A workflow in ComfyUI's API format with Motif's placeholders; the shipped one when unset.
    COMFYUI_WORKFLOW: optionalText,
    // A second workflow for styles with reference images (the shipped reference-img2img.json, say).
    COMFYUI_REFERENCE_WORKFLOW: optionalText,
    // The workflows that edit an image from words ({{image}}) and repaint a region ({{image}}, {{mask}}); the shipped ones when unset.
    COMFYUI_EDIT_WORKFLOW: optionalText,
    COMFYUI_INPAINT_WORKFLOW: optionalText,
    // The workflow that paints an outpaint's new space ({{image}} on its larger canvas, {{mask}}); the shipped one when unset.
    COMFYUI_OUTPAINT_WORKFLOW: optionalText,
    // The AI upscale workflow ({{image}}, {{scale_by}}), e.g. the shipped upscale.json once its model is installed.
    COMFYUI_UPSCALE_WORKFLOW: optionalText,
    // Sent as Authorization to a ComfyUI behind an authenticating proxy ("Bearer …").
    COMFYUI_AUTH_HEADER: optionalText,
    COMFYUI_PRICE: priceSetting("standard"),
  },
  settings: (env) => ({
    url: env.COMFYUI_URL,
    workflow: env.COMFYUI_WORKFLOW,
    referenceWorkflow: env.COMFYUI_REFERENCE_WORKFLOW,
    editWorkflow: env.COMFYUI_EDIT_WORKFLOW,
    inpaintWorkflow: env.COMFYUI_INPAINT_WORKFLOW,
    outpaintWorkflow: env.COMFYUI_OUTPAINT_WORKFLOW,
    upscaleWorkflow: env.COMFYUI_UPSCALE_WORKFLOW,
    authHeader: env.COMFYUI_AUTH_HEADER,
    price: env.COMFYUI_PRICE,
  }),
  required: { variable: "COMFYUI_URL", isSet: (settings) => Boolean(settings.url) },
  // Its address is the operator's own: there is no default host, and the variable is its only way in.
  address: (settings) => ({ url: settings.url, host: "", variable: null }),
  model: (settings) => (settings.workflow ? path.basename(settings.workflow) : "text-to-image"),
  async build(settings, { timeoutMs }) {
    const [{ createComfyUIProvider }, { checkpointOf, loadComfyWorkflow, SHIPPED_COMFY_WORKFLOWS }] = await Promise.all(
      [import("../comfyui.server"), import("../comfyui-workflow.server")],
    );
    // Read and checked at start: a bad workflow file stops the server with its reason.
    const file = settings.workflow ?? SHIPPED_COMFY_WORKFLOWS.textToImage;
    const workflow = loadComfyWorkflow(file);
    const reference = settings.referenceWorkflow;
    return createComfyUIProvider({
      baseUrl: settings.url!,
      workflow,
      referenceWorkflow: reference ? loadComfyWorkflow(reference) : undefined,
      editWorkflow: loadComfyWorkflow(settings.editWorkflow ?? SHIPPED_COMFY_WORKFLOWS.edit, {
        variable: "COMFYUI_EDIT_WORKFLOW",
        needsPrompt: true,
      }),
      inpaintWorkflow: loadComfyWorkflow(settings.inpaintWorkflow ?? SHIPPED_COMFY_WORKFLOWS.inpaint, {
        variable: "COMFYUI_INPAINT_WORKFLOW",
        needsPrompt: true,
      }),
      outpaintWorkflow: loadComfyWorkflow(settings.outpaintWorkflow ?? SHIPPED_COMFY_WORKFLOWS.outpaint, {
        variable: "COMFYUI_OUTPAINT_WORKFLOW",
        needsPrompt: true,
      }),
      // Offered only once the operator has installed an upscale model and named the workflow.
      upscaleWorkflow: settings.upscaleWorkflow
        ? loadComfyWorkflow(settings.upscaleWorkflow, { variable: "COMFYUI_UPSCALE_WORKFLOW", needsPrompt: false })
        : undefined,
      authHeader: settings.authHeader,
      model: checkpointOf(workflow) ?? path.basename(file, ".json"),
      timeoutMs,
    });
  },
});
