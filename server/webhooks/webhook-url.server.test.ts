import { describe, expect, it } from "vitest";
import { createApiKeySchema, updateApiKeySchema } from "#domain/api-keys";
import { isPublicAddress, type WebhookNetwork } from "./address-policy.server";
import { checkWebhookUrl } from "./webhook-url.server";

const network: WebhookNetwork = {
  resolve: async () => [{ address: "93.184.215.14", family: 4 }],
  allows: isPublicAddress,
};

describe("a webhook URL", () => {
  it("must be https in production, while http to a public host is accepted elsewhere", async () => {
    await expect(checkWebhookUrl("http://hooks.example.com/in", { requireHttps: true, network })).rejects.toThrow(
      "The webhook URL must start with https://.",
    );
    await expect(checkWebhookUrl("https://hooks.example.com/in", { requireHttps: true, network })).resolves.toBe(
      "https://hooks.example.com/in",
    );
    await expect(checkWebhookUrl("http://hooks.example.com/in", { requireHttps: false, network })).resolves.toBe(
      "http://hooks.example.com/in",
    );
  });

  it("is a full http(s) URL without credentials; empty means none", () => {
    const message = (input: unknown) =>
      createApiKeySchema.safeParse({ name: "k", webhookUrl: input }).error?.issues[0]?.message;
    expect(message("hooks.example.com")).toBe("The webhook URL must be a full http:// or https:// address.");
    expect(message("ftp://hooks.example.com/")).toBe("The webhook URL must be a full http:// or https:// address.");
    expect(message("https://me:pw@hooks.example.com/")).toMatch(/cannot carry a user name or password/);
    expect(message(`https://hooks.example.com/${"a".repeat(2000)}`)).toMatch(/2000 characters/);
    expect(createApiKeySchema.parse({ name: "k", webhookUrl: "" }).webhookUrl).toBeNull();
    expect(createApiKeySchema.parse({ name: "k", webhookUrl: " https://hooks.example.com/in " }).webhookUrl).toBe(
      "https://hooks.example.com/in",
    );
    expect(updateApiKeySchema.parse({ webhookUrl: null })).toEqual({ webhookUrl: null });
    expect(updateApiKeySchema.safeParse({}).success).toBe(false);
  });
});
