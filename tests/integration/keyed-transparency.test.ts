// A transparent image from a provider that cannot paint alpha: the engine asks for a flat
// key colour instead, mattes it out, and stores a PNG with real alpha close to the truth;
// an answer not on the key is refused for that image and refunded.
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { images, styles } from "#server/db/schema";
import { keyColourFor, parseHex } from "#server/generation/pipeline/key-colour";
import { createOfflineProvider } from "#server/generation/providers/offline.server";
import type { GenerateRequest, ImageProvider } from "#server/generation/providers/provider";
import { promptSentences } from "#server/generation/prompts";
import { testDatabases } from "../support/databases";
import { balanceOf, createStyleThroughApi, ledgerSum, runJob, submitObjects } from "../support/factories";
import { compositeOverBackground, renderSubject, scoreMatte } from "../support/matte-fixtures";
import { setUpSignedInApi } from "../support/signed-in-api";

/** A provider without alpha that paints the subject on whatever flat colour the prompt names, a little off. */
function opaqueProvider(options: { ignoreKey?: boolean } = {}) {
  const requests: GenerateRequest[] = [];
  const provider: ImageProvider = {
    ...createOfflineProvider(),
    capabilities: { ...createOfflineProvider().capabilities, nativeAlpha: false },
    async generate(request) {
      requests.push(request);
      const hex = /solid flat (#[0-9A-F]{6})/.exec(request.prompt)?.[1];
      const asked = options.ignoreKey || !hex ? { r: 250, g: 250, b: 250 } : parseHex(hex)!;
      const painted = { r: Math.max(0, asked.r - 9), g: Math.max(0, asked.g - 12), b: Math.min(255, asked.b + 7) };
      const subject = await renderSubject("potion", 512);
      return { images: [{ data: await compositeOverBackground(subject, { background: painted }), format: "png" }] };
    },
  };
  return { provider, requests };
}

describe.each(testDatabases)("transparency without a model's alpha on $name", (target) => {
  const api = setUpSignedInApi(target, "ann-keyed@example.com");

  it("asks for the key colour, mattes it out and stores real alpha close to the true mask", async () => {
    const { styleId } = await createStyleThroughApi(api.server, api.user.cookie);
    const { job } = await submitObjects(api.server, api.user.cookie, {
      styleId,
      subjects: ["Potion"],
      transparent: true,
    });
    const { provider, requests } = opaqueProvider();
    const ran = await runJob(api.server, job.id, provider);
    expect(ran?.error ?? null).toBeNull();
    expect(ran?.status).toBe("succeeded");

    const [request] = requests;
    expect(request!.transparent).toBe(false);
    expect(request!.prompt).not.toContain(promptSentences.transparent);
    const [row] = await api.database.db.select().from(images).where(eq(images.jobId, job.id));
    const [style] = await api.database.db.select().from(styles).where(eq(styles.id, styleId));
    const key = keyColourFor(style!.palette);
    expect(request!.prompt).toContain(`solid flat ${key.hex}`);
    expect(row).toMatchObject({ hasAlpha: true, format: "png", transparent: true });
    const stored = await api.server.services.storage.read(row!.fileKey);
    const score = await scoreMatte(stored!, await renderSubject("potion", 512), key.rgb);
    expect(score.maskError).toBeLessThan(0.03);
    expect((await sharp(stored!).stats()).channels[3]!.min).toBe(0);
  });

  it("refunds an image that did not come back on the key colour, with a message saying why", async () => {
    const { styleId } = await createStyleThroughApi(api.server, api.user.cookie);
    const before = await balanceOf(api.database.db, api.user.userId);
    const { job } = await submitObjects(api.server, api.user.cookie, {
      styleId,
      subjects: ["Potion"],
      transparent: true,
    });
    const ran = await runJob(api.server, job.id, opaqueProvider({ ignoreKey: true }).provider);
    expect(ran).toMatchObject({ status: "failed", refunded: true, refundedCredits: 3 });
    expect(ran?.error).toContain("key-colour background");
    expect(await balanceOf(api.database.db, api.user.userId)).toBe(before);
    expect(await ledgerSum(api.database.db, api.user.userId)).toBe(before);
  });
});
