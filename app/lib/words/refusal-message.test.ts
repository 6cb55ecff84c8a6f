import { describe, expect, it } from "vitest";
import { ApiError } from "~/lib/api/api";
import { refusalMessage } from "~/lib/words/refusal-message";

describe("the words for a failed request", () => {
  const fallback = "The style could not be saved. Please try again.";

  it("repeats a refusal the server wrote for the user", () => {
    const refused = new ApiError(409, "conflict", "Sample images are already being made for this style.");
    expect(refusalMessage(refused, fallback)).toBe("Sample images are already being made for this style.");
  });

  it("says the fallback for a server failure or a network error", () => {
    expect(refusalMessage(new ApiError(500, "internal", "TypeError: x is undefined"), fallback)).toBe(fallback);
    expect(refusalMessage(new TypeError("Failed to fetch"), fallback)).toBe(fallback);
  });
});
