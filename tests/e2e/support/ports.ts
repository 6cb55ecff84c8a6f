// E2E_PORT_BASE moves every port at once, so two checkouts can run their end-to-end tests side by side.
const base = Number(process.env.E2E_PORT_BASE ?? 3210);

export const e2ePorts = {
  app: Number(process.env.E2E_PORT ?? base),
  shortLinks: base + 1,
  openaiApp: base + 2,
  smtp: base + 81,
  smtpApi: base + 82,
  github: base + 83,
  openai: base + 84,
  /** The unreachable-model spec's instance. */
  unreachableApp: base + 40,
  /** The setup spec's instance with the preview engine beside a real model. */
  mixedModelsApp: base + 50,
  /** The operator console spec's instance: its settings change what every page shows. */
  consoleApp: base + 60,
  /** The a1111 spec's instance: a Stable Diffusion WebUI beside the preview engine. */
  a1111App: base + 30,
  /** The learning spec's instance: the preview engine and fal, which trains. */
  learningApp: base + 70,
  gemini: base + 86,
  comfyui: base + 87,
  fal: base + 88,
  a1111: base + 89,
  stripe: base + 91,
};
