import { describe, expect, it } from "vitest";
import { signupAllowed, signupNote, signupRefusal } from "./instance-settings";
import { signupDomainSchema } from "./requests/instance-settings";
import { instanceSettingsChangeSchema } from "./requests/instance-settings";

describe("the sign-up policy", () => {
  const domains = { signupPolicy: "domains" as const, signupDomains: ["studio.example"] };

  it("lets anyone in when open, nobody new by invitation, and listed domains only by domain", () => {
    expect(signupAllowed({ signupPolicy: "open", signupDomains: [] }, "a@anywhere.example")).toBe(true);
    expect(signupAllowed({ signupPolicy: "invite_only", signupDomains: ["studio.example"] }, "a@studio.example")).toBe(
      false,
    );
    expect(signupAllowed(domains, "Art@STUDIO.example")).toBe(true);
    // A listed domain's look-alikes are other domains.
    expect(signupAllowed(domains, "a@evil-studio.example")).toBe(false);
    expect(signupAllowed(domains, "a@studio.example.evil")).toBe(false);
    expect(signupAllowed(domains, "a@sub.studio.example")).toBe(false);
  });

  it("tells the sign-in page who may make a new account", () => {
    expect(signupNote({ signupPolicy: "open", signupDomains: [] })).toBe(
      "New here? The same link creates your account.",
    );
    expect(signupNote({ signupPolicy: "invite_only", signupDomains: [] })).toBe("New accounts here are by invitation.");
    expect(signupNote(domains)).toBe("New accounts here are for addresses at studio.example.");
  });

  it("says which domains a refused address could use", () => {
    expect(signupRefusal(domains)).toMatch(/addresses at studio\.example\./);
    expect(signupRefusal({ signupPolicy: "invite_only", signupDomains: [] })).toMatch(/by invitation/);
  });

  it("takes bare domains, lower-cased, without a leading @, and refuses the rest", () => {
    expect(signupDomainSchema.parse(" @Studio.Example ")).toBe("studio.example");
    for (const wrong of ["studio", "https://studio.example", "a@studio.example", "-studio.example", ""])
      expect(signupDomainSchema.safeParse(wrong).success, wrong).toBe(false);
  });

  it("needs a change to change something, keeps null as 'back to the environment', and drops repeated domains", () => {
    expect(instanceSettingsChangeSchema.safeParse({}).success).toBe(false);
    expect(instanceSettingsChangeSchema.parse({ signupGrant: null })).toEqual({ signupGrant: null });
    expect(instanceSettingsChangeSchema.parse({ signupDomains: ["a.example", "A.example"] })).toEqual({
      signupDomains: ["a.example"],
    });
  });
});
