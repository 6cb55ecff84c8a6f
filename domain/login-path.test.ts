import { describe, expect, it } from "vitest";
import { loginPath } from "./login-path";

describe("loginPath", () => {
  it("keeps where the person was going, and leaves the default out", () => {
    expect(loginPath("/app/styles/1?tab=objects")).toBe("/auth/login?redirectTo=%2Fapp%2Fstyles%2F1%3Ftab%3Dobjects");
    expect(loginPath("/app")).toBe("/auth/login");
    expect(loginPath(null)).toBe("/auth/login");
    expect(loginPath(undefined)).toBe("/auth/login");
  });
});
