// Validation of a prompt as ComfyUI's execution.validate_prompt does it, with its error bodies:
// node types it knows, inputs of the right type and range, models that are installed, files
// that were uploaded, and (stricter than ComfyUI) no "{{placeholder}}" left unfilled.
import { LOADERS, NODE_TYPES, type Prompt } from "./graph.ts";
import type { ComfyState } from "./state.ts";

const PLACEHOLDER = /\{\{[^}]*\}\}/;
/** The channels LoadImageMask takes its mask from. */
const MASK_CHANNELS = ["alpha", "red", "green", "blue"];
/** The resize methods ImageScale and ImageScaleBy offer. */
const UPSCALE_METHODS = ["nearest-exact", "bilinear", "area", "bicubic", "lanczos"];

/** Validates as execution.validate_prompt does: [status, body]. */
export function validatePrompt(state: ComfyState, prompt: Prompt): [number, unknown] | null {
  const { control, files } = state;
  const nodeErrors: Record<string, unknown> = {};
  const outputs: string[] = [];
  for (const [id, node] of Object.entries(prompt)) {
    const type = typeof node.class_type === "string" ? NODE_TYPES[node.class_type] : undefined;
    if (!type) {
      const message =
        typeof node.class_type === "string"
          ? `Cannot execute because node ${node.class_type} does not exist.`
          : "Cannot execute because a node is missing the class_type property.";
      return [
        400,
        { error: { type: "invalid_prompt", message, details: `Node ID '#${id}'`, extra_info: {} }, node_errors: {} },
      ];
    }
    if (type.output) outputs.push(id);
    const errors: unknown[] = [];
    for (const [input, value] of Object.entries(node.inputs ?? {})) {
      const range = type.floats?.[input];
      if (type.ints?.includes(input) && typeof value !== "number") {
        errors.push({
          type: "invalid_input_type",
          message: "Failed to convert an input value to a INT value",
          details: `${input}, ${String(value)}, invalid literal for int() with base 10: '${String(value)}'`,
          extra_info: { input_name: input, received_value: value },
        });
      } else if (range && typeof value !== "number") {
        errors.push({
          type: "invalid_input_type",
          message: "Failed to convert an input value to a FLOAT value",
          details: `${input}, ${String(value)}, could not convert string to float: '${String(value)}'`,
          extra_info: { input_name: input, received_value: value },
        });
      } else if (range && typeof value === "number" && value < range.min) {
        errors.push({
          type: "value_smaller_than_min",
          message: `Value ${value} smaller than min of ${range.min}`,
          details: `${input}`,
          extra_info: { input_name: input, received_value: value },
        });
      } else if (range && typeof value === "number" && value > range.max) {
        errors.push({
          type: "value_bigger_than_max",
          message: `Value ${value} bigger than max of ${range.max}`,
          details: `${input}`,
          extra_info: { input_name: input, received_value: value },
        });
      } else if (typeof value === "string" && PLACEHOLDER.test(value)) {
        errors.push({
          type: "unfilled_placeholder",
          message: "A placeholder was left in the workflow",
          details: `${input}: ${value}`,
          extra_info: { input_name: input, received_value: value },
        });
      }
    }
    if (node.class_type === "CheckpointLoaderSimple" && !control.checkpoints.includes(String(node.inputs?.ckpt_name))) {
      errors.push({
        type: "value_not_in_list",
        message: "Value not in list",
        details: `ckpt_name: '${String(node.inputs?.ckpt_name)}' not in ${JSON.stringify(control.checkpoints)}`,
        extra_info: { input_name: "ckpt_name", received_value: node.inputs?.ckpt_name },
      });
    }
    if (node.class_type === "UpscaleModelLoader" && !control.upscaleModels.includes(String(node.inputs?.model_name))) {
      errors.push({
        type: "value_not_in_list",
        message: "Value not in list",
        details: `model_name: '${String(node.inputs?.model_name)}' not in ${JSON.stringify(control.upscaleModels)}`,
        extra_info: { input_name: "model_name", received_value: node.inputs?.model_name },
      });
    }
    if (
      (node.class_type === "ImageScaleBy" || node.class_type === "ImageScale") &&
      !UPSCALE_METHODS.includes(String(node.inputs?.upscale_method))
    ) {
      errors.push({
        type: "value_not_in_list",
        message: "Value not in list",
        details: `upscale_method: '${String(node.inputs?.upscale_method)}' not in ${JSON.stringify(UPSCALE_METHODS)}`,
        extra_info: { input_name: "upscale_method", received_value: node.inputs?.upscale_method },
      });
    }
    if (LOADERS.has(String(node.class_type)) && !files.has(`input/${String(node.inputs?.image)}`)) {
      errors.push({
        type: "custom_validation_failed",
        message: "Custom validation failed for node",
        details: `image - Invalid image file: ${String(node.inputs?.image)}`,
        extra_info: {},
      });
    }
    if (node.class_type === "LoadImageMask" && !MASK_CHANNELS.includes(String(node.inputs?.channel))) {
      errors.push({
        type: "value_not_in_list",
        message: "Value not in list",
        details: `channel: '${String(node.inputs?.channel)}' not in ${JSON.stringify(MASK_CHANNELS)}`,
        extra_info: { input_name: "channel", received_value: node.inputs?.channel },
      });
    }
    if (errors.length > 0) nodeErrors[id] = { errors, dependent_outputs: [], class_type: node.class_type };
  }
  if (outputs.length === 0) {
    return [
      400,
      {
        error: { type: "prompt_no_outputs", message: "Prompt has no outputs", details: "", extra_info: {} },
        node_errors: [],
      },
    ];
  }
  if (Object.keys(nodeErrors).length > 0) {
    return [
      400,
      {
        error: {
          type: "prompt_outputs_failed_validation",
          message: "Prompt outputs failed validation",
          details: "",
          extra_info: {},
        },
        node_errors: nodeErrors,
      },
    ];
  }
  return null;
}
