import { describe, expect, it } from "vitest";
import { allowedOrigins, signInLinkOrigin } from "./origin-check.server";

const local = { publicUrl: "http://localhost:3000", publicUrlSet: false };
const hosted = { publicUrl: "https://motif.example", publicUrlSet: true };

describe("allowedOrigins", () => {
  it("is every loopback name on the port when PUBLIC_URL is unset", () => {
    expect(allowedOrigins(local)).toEqual(["http://localhost:3000", "http://127.0.0.1:3000", "http://[::1]:3000"]);
    expect(allowedOrigins({ publicUrl: "http://localhost", publicUrlSet: false })).toEqual([
      "http://localhost",
      "http://127.0.0.1",
      "http://[::1]",
    ]);
  });

  it("is only PUBLIC_URL when it is set", () => {
    expect(allowedOrigins(hosted)).toEqual(["https://motif.example"]);
  });
});

describe("signInLinkOrigin", () => {
  it("follows a listed loopback origin only when PUBLIC_URL is unset", () => {
    expect(signInLinkOrigin(local, "http://127.0.0.1:3000")).toBe("http://127.0.0.1:3000");
    expect(signInLinkOrigin(local, "http://192.168.1.20:3000")).toBe("http://localhost:3000");
    expect(signInLinkOrigin(local, undefined)).toBe("http://localhost:3000");
    expect(signInLinkOrigin(hosted, "http://127.0.0.1:3000")).toBe("https://motif.example");
  });
});
