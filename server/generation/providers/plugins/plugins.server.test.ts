import { describe, expect, it } from "vitest";
import { configVariableNames, parseConfig } from "../../../configuration.server";
import { describeEngine } from "../../../setup/setup-status.server";
import { pluginOf, providerPlugins, settingsOf } from "./index.server";

describe("provider plugins", () => {
  it("are the providers an operator can enable, each reading its own variables", () => {
    expect(providerPlugins.map((plugin) => plugin.id)).toEqual([
      "offline",
      "openai",
      "azure-openai",
      "gemini",
      "fal",
      "replicate",
      "bfl",
      "stability",
      "recraft",
      "comfyui",
      "a1111",
    ]);
    for (const plugin of providerPlugins) {
      for (const variable of Object.keys(plugin.env)) expect(configVariableNames).toContain(variable);
    }
    // No two plugins read the same variable.
    const all = providerPlugins.flatMap((plugin) => Object.keys(plugin.env));
    expect(new Set(all).size).toBe(all.length);
  });

  it("give the configuration each provider's settings, with their defaults", () => {
    const config = parseConfig({ IMAGE_PROVIDERS: "openai,fal", OPENAI_API_KEY: "sk-x", FAL_KEY: "fal-x" });
    expect(config.generation.settings.openai).toMatchObject({ apiKey: "sk-x", model: "gpt-image-1.5" });
    expect(config.generation.settings.fal).toMatchObject({ key: "fal-x", upscaleModel: "fal-ai/esrgan" });
    expect(pluginOf("openai")?.secret?.(settingsOf(config, "openai"))).toBe("sk-x");
  });

  it("read Replicate's token, models and trainer, refusing a trainer without a version", () => {
    const config = parseConfig({ IMAGE_PROVIDERS: "replicate", REPLICATE_API_TOKEN: "r8_x" });
    expect(config.generation.settings.replicate).toMatchObject({
      token: "r8_x",
      model: "black-forest-labs/flux-kontext-pro",
      fillModel: "black-forest-labs/flux-fill-pro",
      upscaleModel: expect.stringMatching(/^nightmareai\/real-esrgan:[0-9a-f]{64}$/),
      trainer: expect.stringMatching(/^ostris\/flux-dev-lora-trainer:[0-9a-f]{64}$/),
    });
    expect(pluginOf("replicate")?.secret?.(settingsOf(config, "replicate"))).toBe("r8_x");
    expect(() => parseConfig({ IMAGE_PROVIDERS: "replicate" })).toThrow(/REPLICATE_API_TOKEN: is required/);
    expect(() =>
      parseConfig({ IMAGE_PROVIDERS: "replicate", REPLICATE_API_TOKEN: "r8_x", REPLICATE_TRAINER: "ostris/trainer" }),
    ).toThrow(/REPLICATE_TRAINER/);
  });

  it("name the variable an enabled provider cannot run without", () => {
    expect(() => parseConfig({ IMAGE_PROVIDERS: "gemini" })).toThrow(
      /GEMINI_API_KEY: is required when the gemini provider is enabled/,
    );
    expect(() => parseConfig({ IMAGE_PROVIDER: "comfyui" })).toThrow(/COMFYUI_URL: is required/);
  });

  it("describe each provider to its operator: its service, host and the variable that moves it", () => {
    const config = parseConfig({
      IMAGE_PROVIDERS: "gemini,comfyui,offline",
      GEMINI_API_KEY: "g",
      GEMINI_BASE_URL: "https://gateway.example.com/gemini",
      COMFYUI_URL: "http://gpu.example.com:8188",
    });
    expect(describeEngine(config, "gemini")).toMatchObject({
      name: "Google Gemini",
      host: "gateway.example.com",
      addressVariable: "GEMINI_BASE_URL",
      isDefault: true,
    });
    expect(describeEngine(config, "comfyui")).toMatchObject({ name: "ComfyUI", host: "gpu.example.com:8188" });
    expect(describeEngine(config, "offline")).toMatchObject({ preview: true, host: null });
  });
});
