import { describe, expect, it, vi } from "vitest";
import { ApiError } from "~/lib/api/api";
import { broadcastAuthChange, linkFailure, onAuthChange, servedElsewhere } from "~/lib/api/auth-client";

const refusal = (publicUrl: unknown) =>
  new ApiError(403, "forbidden", "Motif is served at https://motif.example; open it there to sign in.", [], {
    publicUrl,
  });

describe("servedElsewhere", () => {
  it("points at the sign-in page where Motif is served, keeping the redirect target", () => {
    expect(servedElsewhere(refusal("https://motif.example"), "/app/settings")).toEqual({
      message: "Motif is served at https://motif.example; open it there to sign in.",
      origin: "https://motif.example",
      loginUrl: "https://motif.example/auth/login?redirectTo=%2Fapp%2Fsettings",
    });
    expect(servedElsewhere(refusal("http://localhost:3000"), null)?.loginUrl).toBe("http://localhost:3000/auth/login");
  });

  it("ignores other errors and addresses that are not web pages", () => {
    expect(servedElsewhere(refusal("javascript:alert(1)"))).toBeUndefined();
    expect(servedElsewhere(refusal(42))).toBeUndefined();
    expect(servedElsewhere(new ApiError(429, "rate_limited", "Too many"))).toBeUndefined();
    expect(servedElsewhere(new Error("offline"))).toBeUndefined();
  });
});

describe("linkFailure", () => {
  it("reads the server's reason for a link that did not sign in", () => {
    const failure = (reason: unknown) => new ApiError(401, "unauthorized", "x", [], { reason });
    expect(linkFailure(failure("invalid"))).toBe("invalid");
    expect(linkFailure(failure("wrong_email"))).toBe("wrong_email");
    expect(linkFailure(failure("other"))).toBeUndefined();
    expect(linkFailure(new ApiError(500, "internal", "x"))).toBeUndefined();
  });
});

describe("onAuthChange", () => {
  it("hears another tab sign in or out, and not this tab's own news", async () => {
    const heard: unknown[] = [];
    const stop = onAuthChange((message) => heard.push(message));
    const anotherTab = new BroadcastChannel("motif-auth");
    try {
      broadcastAuthChange({ type: "signed-out" });
      anotherTab.postMessage({ type: "signed-in", tab: "another" });
      await vi.waitFor(() => expect(heard).toContainEqual({ type: "signed-in" }));
      expect(heard).toEqual([{ type: "signed-in" }]);
    } finally {
      stop();
      anotherTab.close();
    }
  });
});
