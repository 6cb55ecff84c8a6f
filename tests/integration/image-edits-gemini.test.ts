// Editing an object's image with words on Gemini, through the API and the engine, Gemini's real
// client against a local fake that checks what it is sent: the base inlined first. Success is paid
// once; a refusal, a 5xx, a timeout and a cancel are each refunded exactly once, and a repaint of a
// region, which Gemini cannot do, is refused and charges nothing. On both databases.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createGeminiProvider } from "#server/generation/providers/gemini.server";
import { startFakeGemini } from "../fakes/gemini-api";
import { testDatabases } from "../support/databases";
import { json, runJob } from "../support/factories";
import { setUpSignedInApiWithModel } from "../support/signed-in-api";
import { editsThroughApi, PAINTED, paintedSquare, sha256 } from "./image-edits-providers-helpers";

describe.each(testDatabases)("editing on Gemini, on $name", (target) => {
  let fake: Awaited<ReturnType<typeof startFakeGemini>>;
  beforeAll(async () => {
    fake = await startFakeGemini();
  });
  afterAll(() => fake?.close());
  beforeEach(() => fake.reset());

  const gemini = () =>
    createGeminiProvider({
      apiKey: "gemini-test-key",
      model: "gemini-2.5-flash-image",
      baseUrl: fake.url,
      timeoutMs: 5_000,
    });
  const api = setUpSignedInApiWithModel(target, "ann-gemini-edits@example.com", gemini);
  const edits = editsThroughApi(api);

  it("edits with words: the base is the first inline image, the style's images after it; paid once", async () => {
    const object = await edits.oneObject();
    const base = object.images[0]!;
    const before = await edits.balance();
    const job = await edits.submitEdit(object, { instruction: "wearing a red scarf" });
    expect(job.provider).toBe("gemini");
    expect((await runJob(api.server, job.id, gemini()))?.status).toBe("succeeded");

    expect(fake.requests).toHaveLength(1);
    const [sent] = fake.requests;
    expect(sent!.inlineImageHashes[0]).toBe(sha256(await edits.fileOf(base.url)));
    expect(sent!.inlineImageCount).toBeGreaterThan(1);
    expect(sent!.partKinds.filter((kind) => kind === "text")).toHaveLength(1);
    expect(sent!.texts[0]).toContain("wearing a red scarf");

    const edited = await edits.madeImage(object, job, before);
    expect(edited.lineage).toMatchObject({ operation: "edited", parentImageId: base.id });
  });

  it("answers a repaint asked of Gemini with 409, saying it cannot repaint a region, and charges nothing", async () => {
    const object = await edits.oneObject();
    const base = object.images[0]!;
    const before = await edits.balance();
    const response = await edits.askEdit(object.id, {
      imageId: base.id,
      instruction: "a golden crown",
      mask: (await paintedSquare(base, PAINTED)).toString("base64"),
      model: "gemini",
    });
    expect(response.status).toBe(409);
    expect((await json<{ error: { message: string } }>(response)).error.message).toContain("cannot repaint a region");
    expect(await edits.balance()).toBe(before);
    expect(fake.requests).toHaveLength(0);
  });

  describe("when Gemini fails, every credit comes back once and nothing is stored", () => {
    it.each(["blocked_prompt", "image_safety"] as const)("a refusal (%s), asked once", async (kind) => {
      fake.control.refuse = { kind, prompt: null };
      const row = await edits.failedEdit("failed", (id) => runJob(api.server, id, gemini()));
      expect(row.error).toContain("content policy");
      expect(fake.requests).toHaveLength(1);
    });

    it("a server error (500) on every attempt", async () => {
      fake.control.failAlways = "server_error";
      await edits.failedEdit("failed", (id) => runJob(api.server, id, gemini()));
      expect(fake.requests).toHaveLength(2);
    });

    it("an answer that never finishes, given up at the deadline", async () => {
      fake.control.stallBody = { prompt: "make it night" };
      await edits.failedEdit("failed", (id) => edits.runWithDeadline(id, gemini()));
      expect(fake.stalls.started).toBe(1);
      await expect.poll(() => fake.stalls.abandoned).toBe(1);
    });

    // Gemini cannot stop its work on a cancel (`cancel: false`): the call is dropped, and the job ends cancelled.
    it("a cancel while the model works", async () => {
      fake.control.stallBody = { prompt: "make it night" };
      await edits.failedEdit("canceled", (id) =>
        edits.cancelWhen(id, runJob(api.server, id, gemini()), () => fake.requests.length === 1),
      );
      expect(fake.requests).toHaveLength(1);
      await expect.poll(() => fake.stalls.abandoned).toBe(1);
    });
  });
});
