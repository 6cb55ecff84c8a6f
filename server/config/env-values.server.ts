import { statSync } from "node:fs";
import { z } from "zod";
import { parseCreditPacks } from "#domain/credit-packs";
import { parsePriceSetting } from "#domain/pricing";
import { providerAddressProblem } from "../net/provider-address.server";

/** The kinds of value the environment holds, as the configuration reads them. */

export const bool = z
  .enum(["1", "0", "true", "false", "on", "off", "yes", "no"])
  .transform((v) => ["1", "true", "on", "yes"].includes(v));

export function oauthEnv<P extends string>(provider: P) {
  const optional = z
    .string()
    .min(1)
    .optional()
    .or(z.literal("").transform(() => undefined));
  return { [`${provider}_CLIENT_ID`]: optional, [`${provider}_CLIENT_SECRET`]: optional } as Record<
    `${P}_CLIENT_ID` | `${P}_CLIENT_SECRET`,
    typeof optional
  >;
}

export const optionalText = z
  .string()
  .min(1)
  .optional()
  .or(z.literal("").transform(() => undefined));

/** CREDIT_PACKS: what the Buy credits page sells (domain/credit-packs.ts). */
export const creditPacks = z
  .string()
  .default("")
  .transform((value, ctx) => {
    const result = parseCreditPacks(value);
    if ("error" in result) {
      ctx.addIssue({ code: "custom", message: result.error });
      return z.NEVER;
    }
    return result.packs;
  });

/** STRIPE_API_BASE: the SDK's host, port and protocol, for a gateway or a local stand-in. */
export function stripeApiBase(url: string | undefined) {
  if (!url) return {};
  const { protocol, hostname, port } = new URL(url);
  const scheme = protocol === "http:" ? "http" : "https";
  return { host: hostname, port: Number(port || (scheme === "http" ? 80 : 443)), protocol: scheme } as const;
}

export function oauthClient<T extends object>(
  clientId: string | undefined,
  clientSecret: string | undefined,
  extra: T,
) {
  return clientId && clientSecret ? { clientId, clientSecret, ...extra } : undefined;
}

export function isFile(file: string): boolean {
  try {
    return statSync(file).isFile();
  } catch {
    return false;
  }
}

/** A model's address: refused at start when no request could ever reach it. */
export const providerUrl = z
  .url()
  .superRefine((value, ctx) => {
    const problem = providerAddressProblem(value);
    if (problem) ctx.addIssue({ code: "custom", message: problem });
  })
  .optional()
  .or(z.literal("").transform(() => undefined));

/** A price setting: "free", "standard", a rate against the standard prices, or a table (domain/pricing.ts). */
export function priceSetting(fallback: string, maxRate = 10) {
  return z
    .string()
    .default(fallback)
    .transform((value, ctx) => {
      const prices = parsePriceSetting(value, { maxRate });
      if (prices === null) {
        ctx.addIssue({
          code: "custom",
          message: `must be "free", "standard", a number from 0 to ${maxRate}, or "draft=3/5,standard=8/12,high=30/45"`,
        });
        return z.NEVER;
      }
      return prices;
    });
}

/** TRAINING_PRICES: credits per 1,000 training steps by provider, "fal=600,replicate=500"; others the standard. */
export const trainingPrices = z
  .string()
  .default("")
  .transform((value, ctx) => {
    const prices: Record<string, number> = {};
    for (const part of value
      .split(",")
      .map((p) => p.trim())
      .filter(Boolean)) {
      const match = /^([a-z][a-z0-9-]*)=(\d{1,6})$/.exec(part);
      if (!match) {
        ctx.addIssue({ code: "custom", message: 'must list provider=credits pairs, such as "fal=600,replicate=500"' });
        return z.NEVER;
      }
      prices[match[1]!] = Number(match[2]);
    }
    return prices;
  });
