import type { JobKind } from "#domain/jobs";
import { editKind } from "./edit.server";
import type { JobKindModule } from "./kind.server";
import { upscaleKind } from "./upscale.server";
import { objectImagesKind } from "./object-images.server";
import { styleSamplesKind } from "./style-samples.server";
import { variationsKind } from "./variations.server";

/** Every job kind the runner dispatches to. */
export const jobKindModules: { [K in JobKind]: JobKindModule<K> } = {
  "style-samples": styleSamplesKind,
  "object-images": objectImagesKind,
  variations: variationsKind,
  edit: editKind,
  upscale: upscaleKind,
};
