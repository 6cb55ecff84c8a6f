// The models the fake Gemini API offers: what each takes (input images, image sizes), the
// sizes it draws at, and the model resource a lookup answers.

export interface FakeModel {
  /** Input images one request may carry; more is a 400. */
  maxImages: number;
  /** Whether it takes imageConfig.imageSize; the others answer 400 when given it. */
  imageSize: boolean;
  displayName: string;
  image: boolean;
}

export const MODELS: Record<string, FakeModel> = {
  "gemini-2.5-flash-image": { maxImages: 3, imageSize: false, displayName: "Nano Banana", image: true },
  "gemini-3-pro-image-preview": { maxImages: 14, imageSize: true, displayName: "Nano Banana Pro", image: true },
  "gemini-3.1-flash-image-preview": { maxImages: 14, imageSize: true, displayName: "Nano Banana 2", image: true },
  "gemini-2.5-flash": { maxImages: 3000, imageSize: false, displayName: "Gemini 2.5 Flash", image: false },
};

/** Gemini's output sizes at 1K, by aspect ratio; 2K and 4K double and quadruple them. */
export const ASPECT_SIZES: Record<string, [number, number]> = {
  "1:1": [1024, 1024],
  "2:3": [832, 1248],
  "3:2": [1248, 832],
  "3:4": [864, 1184],
  "4:3": [1184, 864],
  "4:5": [896, 1152],
  "5:4": [1152, 896],
  "9:16": [768, 1344],
  "16:9": [1344, 768],
  "21:9": [1536, 672],
};
export const SCALE: Record<string, number> = { "1K": 1, "2K": 2, "4K": 4 };

/** A model as GET /v1beta/models/{model} (and the list) answers it. */
export function modelResource(id: string, model: FakeModel) {
  return {
    name: `models/${id}`,
    version: "2.0",
    displayName: model.displayName,
    description: `${model.displayName} (local fake)`,
    inputTokenLimit: 32768,
    outputTokenLimit: 32768,
    supportedGenerationMethods: ["generateContent", "countTokens", "batchGenerateContent"],
    temperature: 1,
    topP: 0.95,
    topK: 64,
    maxTemperature: 2,
  };
}
