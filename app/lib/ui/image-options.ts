import { detailLevels, detailValues, imageSizes, imageSizeValues } from "#domain/images";
import { limits } from "#domain/limits";

/** The choices of every size, detail and count control, in one place. */
export const sizeOptions = imageSizeValues.map((value) => ({
  value,
  label: imageSizes[value].label,
  hint: imageSizes[value].dimensions,
}));

export const detailOptions = detailValues.map((value) => ({
  value,
  label: detailLevels[value].label,
  hint: detailLevels[value].hint,
}));

/** 1 to the most images of an object one request may make. */
export const variationOptions = Array.from({ length: limits.variations }, (_, i) => ({
  value: String(i + 1),
  label: String(i + 1),
}));
