import { describe, expect, it } from "vitest";
import { createApiKeySchema, updateApiKeySchema } from "#domain/api-keys";
import {
  isPublicAddress,
  networkAllowing,
  parseAllowedNetworks,
  type WebhookNetwork,
} from "../net/address-policy.server";
import { checkWebhookUrl } from "./webhook-url.server";

const network: WebhookNetwork = {
  resolve: async () => [{ address: "93.184.215.14", family: 4 }],
  allows: isPublicAddress,
};

describe("a webhook URL", () => {
  it("must be https in production, while http to a public host is accepted elsewhere", async () => {
    await expect(
      checkWebhookUrl("http://hooks.example.com/in", { requireHttps: true, network, field: "webhookUrl" }),
    ).rejects.toThrow("The webhook URL must start with https://.");
    await expect(
      checkWebhookUrl("https://hooks.example.com/in", { requireHttps: true, network, field: "webhookUrl" }),
    ).resolves.toBe("https://hooks.example.com/in");
    await expect(
      checkWebhookUrl("http://hooks.example.com/in", { requireHttps: false, network, field: "webhookUrl" }),
    ).resolves.toBe("http://hooks.example.com/in");
  });

  it("may reach the networks the operator allows, over plain http too, and nothing else private", async () => {
    const office = networkAllowing(parseAllowedNetworks("10.1.0.0/16, 192.168.7.20") as never);
    const check = (url: string) => checkWebhookUrl(url, { requireHttps: true, network: office, field: "webhookUrl" });
    await expect(check("http://10.1.4.2:8080/hooks")).resolves.toBe("http://10.1.4.2:8080/hooks");
    await expect(check("http://192.168.7.20/in")).resolves.toBe("http://192.168.7.20/in");
    // Next door is still private: refused for its address (https would not make it public), on the field.
    await expect(check("http://10.2.0.1/in")).rejects.toThrow(/only sent to public internet addresses/);
    await expect(check("http://localhost/in")).rejects.toMatchObject({ field: "webhookUrl", code: "bad_request" });
    await expect(check("https://192.168.7.21/in")).rejects.toThrow(/only sent to public internet addresses/);
    await expect(check("https://169.254.169.254/latest")).rejects.toThrow(/only sent to public internet addresses/);
    expect(office.allows("93.184.215.14")).toBe(true);
    expect(office.allows("::1")).toBe(false);
  });

  it("reads the allowed networks as addresses and CIDRs, naming the first that is not one", () => {
    expect(parseAllowedNetworks("")).toEqual([]);
    expect(parseAllowedNetworks(" 10.0.0.0/8 , fd00::/8,127.0.0.1")).toEqual([
      { address: "10.0.0.0", prefix: 8, family: "ipv4" },
      { address: "fd00::", prefix: 8, family: "ipv6" },
      { address: "127.0.0.1", prefix: 32, family: "ipv4" },
    ]);
    expect(parseAllowedNetworks("10.0.0.0/8,intranet")).toEqual({ invalid: "intranet" });
    // Allowing everything at once is not a network: prefixes under 8 are refused.
    expect(parseAllowedNetworks("0.0.0.0/0")).toEqual({ invalid: "0.0.0.0/0" });
    expect(parseAllowedNetworks("10.0.0.0/33")).toEqual({ invalid: "10.0.0.0/33" });
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
