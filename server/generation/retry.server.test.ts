import { describe, expect, it } from "vitest";
import { generateWithRetries, isImageFailure, userFacingError } from "./retry.server";
import { ProviderAnswerError, ProviderError, ProviderRetryableError, type ImageProvider } from "./providers/provider";

describe("retrying a provider call", () => {
  it("ends the pause before a retry at once when the job is cancelled, without calling again", async () => {
    let calls = 0;
    const provider = {
      id: "flaky",
      generate: async () => {
        calls++;
        throw new ProviderRetryableError("busy");
      },
    } as unknown as ImageProvider;
    const cancel = new AbortController();
    const run = generateWithRetries(
      provider,
      { prompt: "a lantern" } as never,
      // A pause far longer than the test may run: only the cancel can end it in time.
      { maxAttempts: 3, backoffMs: () => 60_000, signal: cancel.signal },
      async () => true,
    );
    await expect.poll(() => calls).toBe(1);
    cancel.abort(new Error("cancelled by its owner"));
    await expect(run).rejects.toThrow("cancelled by its owner");
    expect(calls).toBe(1);
  });
});

describe("what a provider's failure means for the job", () => {
  it("fails one image, saying what came back, on an answer Motif cannot use; anything else unknown fails the job", () => {
    const answer = new ProviderAnswerError("The image service answered text/html, not an image");
    expect(isImageFailure(answer)).toBe(true);
    expect(userFacingError(answer)).toBe("The image service answered text/html, not an image.");
    expect(userFacingError(new ProviderAnswerError("The link expired."))).toBe("The link expired.");
    const rejected = new ProviderError("The image service refused the key (HTTP 401)");
    expect(isImageFailure(rejected)).toBe(false);
    expect(userFacingError(rejected)).toBe("The images could not be generated. Please try again.");
  });
});
