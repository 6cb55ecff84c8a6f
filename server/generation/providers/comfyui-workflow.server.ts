import { readFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";

/**
 * A ComfyUI workflow in its API format (what "Export (API)" writes): node ids to nodes,
 * each input either a value or a link `[nodeId, outputIndex]`. Motif fills in named
 * placeholders, string values such as "{{prompt}}", before it queues the workflow.
 */
export type ComfyWorkflow = Record<string, ComfyNode>;
export interface ComfyNode {
  class_type: string;
  inputs: Record<string, unknown>;
  _meta?: { title?: string };
}

/** Placeholders whose whole-value use becomes a number, not a string. */
const NUMBER_PLACEHOLDERS = ["seed", "width", "height", "steps", "scale_by"] as const;
const TEXT_PLACEHOLDERS = ["prompt", "negative_prompt"] as const;
/** LoadImage / LoadImageMask file names of an edit: the image changed, and the painted region. */
const FILE_PLACEHOLDERS = ["image", "mask"] as const;
export const COMFY_PLACEHOLDERS = [
  ...TEXT_PLACEHOLDERS,
  ...NUMBER_PLACEHOLDERS,
  ...FILE_PLACEHOLDERS,
  "reference_N",
] as const;

export interface PlaceholderValues {
  prompt: string;
  negative_prompt: string;
  seed: number;
  width: number;
  height: number;
  steps: number;
  /** The file names of the uploaded references, in order: reference_1 is the first. */
  references: string[];
  /** An edit's uploaded image and mask (white where to repaint). */
  image?: string;
  mask?: string;
  /** An upscale's resize after its ×4 model: the factor asked for, over 4. */
  scale_by?: number;
}

/** The workflows shipped with Motif, found from the working directory as the migrations are. */
export const SHIPPED_COMFY_WORKFLOWS = {
  textToImage: path.resolve("server/generation/providers/comfyui-workflows/text-to-image.json"),
  referenceImg2Img: path.resolve("server/generation/providers/comfyui-workflows/reference-img2img.json"),
  /** An edit from words: the image, partly noised and drawn again as the prompt says. */
  edit: path.resolve("server/generation/providers/comfyui-workflows/edit-img2img.json"),
  /**
   * An edit from words that also takes one reference ({{reference_1}}), blended into the image
   * before it is drawn again: an animation's frame before, or the style's first reference in an edit.
   */
  editWithReference: path.resolve("server/generation/providers/comfyui-workflows/edit-with-reference.json"),
  /** A repaint: only the mask's white region is drawn again. */
  inpaint: path.resolve("server/generation/providers/comfyui-workflows/inpaint.json"),
  /**
   * An outpaint: the picture on its larger canvas (the new space filled from its edges by Motif)
   * and a mask white over the new space, inpainted, as ComfyUI's outpainting example does after
   * its ImagePadForOutpaint node.
   */
  outpaint: path.resolve("server/generation/providers/comfyui-workflows/outpaint.json"),
  /** An AI upscale with a ×4 upscale model (RealESRGAN_x4plus.pth) the operator installs. */
  upscale: path.resolve("server/generation/providers/comfyui-workflows/upscale.json"),
} as const;

const PLACEHOLDER = /\{\{\s*([a-z_0-9]+)\s*\}\}/g;
const WHOLE_PLACEHOLDER = /^\{\{\s*([a-z_0-9]+)\s*\}\}$/;
const REFERENCE = /^reference_([1-9][0-9]*)$/;

const nodeSchema = z.object({
  class_type: z.string().min(1),
  inputs: z.record(z.string(), z.unknown()),
  _meta: z.object({ title: z.string().optional() }).optional(),
});
const workflowSchema = z.record(z.string(), nodeSchema);

export class ComfyWorkflowError extends Error {
  override name = "ComfyWorkflowError";
}

/** Reads and checks a workflow file; throws a ComfyWorkflowError naming the file and the problem. */
/** Which setting a workflow file comes from, and whether it must take the prompt (an upscale needs none). */
export interface WorkflowRole {
  variable: string;
  needsPrompt: boolean;
}
const mainWorkflow: WorkflowRole = { variable: "COMFYUI_WORKFLOW", needsPrompt: true };

export function loadComfyWorkflow(file: string, role: WorkflowRole = mainWorkflow): ComfyWorkflow {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch {
    throw new ComfyWorkflowError(`The ComfyUI workflow ${file} (${role.variable}) could not be read.`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new ComfyWorkflowError(`The ComfyUI workflow ${file} (${role.variable}) is not valid JSON.`);
  }
  return parseComfyWorkflow(json, file, role);
}

/** Checks a parsed workflow (see loadComfyWorkflow); `source` names it in messages. */
export function parseComfyWorkflow(
  json: unknown,
  source = "the workflow",
  role: WorkflowRole = mainWorkflow,
): ComfyWorkflow {
  const where = `The ComfyUI workflow ${source} (${role.variable})`;
  if (json && typeof json === "object" && "nodes" in json && "links" in json) {
    throw new ComfyWorkflowError(
      `${where} is in ComfyUI's editor format: in ComfyUI, export it with Workflow → Export (API) instead.`,
    );
  }
  const parsed = workflowSchema.safeParse(json);
  if (!parsed.success || Object.keys(parsed.data).length === 0) {
    const issue = parsed.success ? null : parsed.error.issues[0];
    const at = issue && issue.path.length > 0 ? ` (at ${issue.path.join(".")})` : "";
    throw new ComfyWorkflowError(
      `${where} is not in ComfyUI's API format, an object of nodes each with class_type and inputs${at}.`,
    );
  }
  const workflow = parsed.data as ComfyWorkflow;
  const found = placeholdersOf(workflow, where);
  if (role.needsPrompt && !found.names.has("prompt")) {
    throw new ComfyWorkflowError(
      `${where} has no {{prompt}} placeholder: put "{{prompt}}" as the text of the positive CLIPTextEncode node.`,
    );
  }
  if (!Object.values(workflow).some((node) => node.class_type === "SaveImage")) {
    throw new ComfyWorkflowError(
      `${where} has no SaveImage node: Motif keeps the image a SaveImage node writes, so the workflow needs one.`,
    );
  }
  for (let i = 1; i <= found.references; i++) {
    if (!found.names.has(`reference_${i}`)) {
      throw new ComfyWorkflowError(
        `${where} uses {{reference_${found.references}}} but not {{reference_${i}}}: number the references from 1.`,
      );
    }
  }
  return workflow;
}

/** How many reference images the workflow takes ({{reference_1}} … {{reference_N}}). */
export function referenceSlots(workflow: ComfyWorkflow): number {
  return placeholdersOf(workflow, "").references;
}

/** True when the workflow takes the file placeholder (an edit's {{image}}, a repaint's {{mask}}). */
export function takesFile(workflow: ComfyWorkflow, name: (typeof FILE_PLACEHOLDERS)[number]): boolean {
  return placeholdersOf(workflow, "").names.has(name);
}

/** The checkpoint file a CheckpointLoaderSimple node of the workflow loads, if any. */
export function checkpointOf(workflow: ComfyWorkflow): string | null {
  for (const node of Object.values(workflow)) {
    const name = node.inputs.ckpt_name;
    if (node.class_type === "CheckpointLoaderSimple" && typeof name === "string") return name;
  }
  return null;
}

/** The ids of the SaveImage nodes, in the file's order: Motif keeps the first one's image. */
export function saveImageNodes(workflow: ComfyWorkflow): string[] {
  return Object.entries(workflow)
    .filter(([, node]) => node.class_type === "SaveImage")
    .map(([id]) => id);
}

/**
 * A copy of the workflow with every placeholder filled in. A placeholder that is a whole
 * value becomes the value itself (a number for seed, width, height and steps); inside a
 * longer string ("{{prompt}}, watercolour") it is replaced as text.
 */
export function fillComfyWorkflow(workflow: ComfyWorkflow, values: PlaceholderValues): ComfyWorkflow {
  const lookup = (name: string): string | number => {
    const reference = REFERENCE.exec(name);
    if (reference) {
      const file = values.references[Number(reference[1]) - 1];
      if (file === undefined) throw new Error(`No reference image for {{${name}}}`);
      return file;
    }
    const value = values[name as keyof Omit<PlaceholderValues, "references">];
    if (value === undefined) throw new Error(`Unknown placeholder {{${name}}}`);
    return value;
  };
  const fill = (value: unknown): unknown => {
    if (typeof value !== "string") return value;
    const whole = WHOLE_PLACEHOLDER.exec(value);
    if (whole) return lookup(whole[1]!);
    return value.replace(PLACEHOLDER, (_, name: string) => String(lookup(name)));
  };
  return Object.fromEntries(
    Object.entries(workflow).map(([id, node]) => [
      id,
      { ...node, inputs: Object.fromEntries(Object.entries(node.inputs).map(([key, v]) => [key, fill(v)])) },
    ]),
  );
}

function placeholdersOf(workflow: ComfyWorkflow, where: string): { names: Set<string>; references: number } {
  const names = new Set<string>();
  let references = 0;
  for (const [id, node] of Object.entries(workflow)) {
    for (const [input, value] of Object.entries(node.inputs)) {
      if (typeof value !== "string") continue;
      const whole = WHOLE_PLACEHOLDER.test(value);
      for (const match of value.matchAll(PLACEHOLDER)) {
        const name = match[1]!;
        const at = `in node ${id} (${node.class_type}), input ${input}`;
        const reference = REFERENCE.exec(name);
        if ((FILE_PLACEHOLDERS as readonly string[]).includes(name) && !whole) {
          throw new ComfyWorkflowError(`${where}: {{${name}}} ${at} must be the whole value, a file name.`);
        }
        if (reference) {
          if (!whole) {
            throw new ComfyWorkflowError(`${where}: {{${name}}} ${at} must be the whole value, a LoadImage file name.`);
          }
          references = Math.max(references, Number(reference[1]));
        } else if (
          !(TEXT_PLACEHOLDERS as readonly string[]).includes(name) &&
          !(NUMBER_PLACEHOLDERS as readonly string[]).includes(name) &&
          !(FILE_PLACEHOLDERS as readonly string[]).includes(name)
        ) {
          throw new ComfyWorkflowError(
            `${where}: {{${name}}} ${at} is not a placeholder Motif knows (${COMFY_PLACEHOLDERS.map((p) => `{{${p}}}`).join(", ")}).`,
          );
        }
        names.add(name);
      }
    }
  }
  return { names, references };
}
