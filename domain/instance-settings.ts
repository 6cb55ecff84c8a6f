import { z } from "zod";

/** Who may make a new account: anyone, only people invited (and operators), or addresses at listed domains. */
export const signupPolicies = ["open", "invite_only", "domains"] as const;
export type SignupPolicy = (typeof signupPolicies)[number];

export const signupPolicyLabels: Record<SignupPolicy, string> = {
  open: "Open to anyone",
  invite_only: "By invitation only",
  domains: "Addresses at listed domains",
};

export const ANNOUNCEMENT_MAX = 500;
export const SIGNUP_DOMAINS_MAX = 50;

/** The instance's settings an operator changes from the console without a restart. */
export const instanceSettingsSchema = z
  .object({
    signupPolicy: z
      .enum(signupPolicies)
      .meta({ description: "Who may make a new account. Existing accounts always sign in." }),
    signupDomains: z
      .array(z.string())
      .meta({ description: "With `domains`, the e-mail domains new accounts may use.", example: ["studio.example"] }),
    signupGrant: z.number().int().meta({ description: "Credits a new account starts with.", example: 100 }),
    announcement: z
      .string()
      .meta({ description: "A line every signed-in page shows at the top; empty for none.", example: "" }),
  })
  .meta({ id: "InstanceSettings" });
export type InstanceSettings = z.output<typeof instanceSettingsSchema>;
export type InstanceSettingName = keyof InstanceSettings;
export const instanceSettingNames = [
  "signupPolicy",
  "signupDomains",
  "signupGrant",
  "announcement",
] as const satisfies readonly InstanceSettingName[];

/** The settings in force, and which of them come from the environment. */
export const instanceSettingsReply = z.object({
  settings: instanceSettingsSchema,
  defaults: instanceSettingsSchema,
  setHere: z
    .array(z.enum(instanceSettingNames))
    .meta({ description: "The settings changed in the console (the rest follow the environment)." }),
});
export type InstanceSettingsReply = z.output<typeof instanceSettingsReply>;

/** Whether `email` may make a new account under `settings` (existing accounts are not asked). */
export function signupAllowed(
  settings: Pick<InstanceSettings, "signupPolicy" | "signupDomains">,
  email: string,
): boolean {
  if (settings.signupPolicy === "open") return true;
  if (settings.signupPolicy === "invite_only") return false;
  const domain = email.slice(email.lastIndexOf("@") + 1).toLowerCase();
  return settings.signupDomains.includes(domain);
}

/** What someone refused a new account is told, by e-mail and on the sign-in page. */
export function signupRefusal(settings: Pick<InstanceSettings, "signupPolicy" | "signupDomains">): string {
  if (settings.signupPolicy === "domains")
    return `New accounts on this Motif are for addresses at ${settings.signupDomains.join(", ") || "listed domains"}. Ask the person who runs it.`;
  return "New accounts on this Motif are by invitation. Ask the person who runs it for an invitation.";
}

/** What the sign-in page says about new accounts, under `settings`. */
export function signupNote(settings: Pick<InstanceSettings, "signupPolicy" | "signupDomains">): string {
  if (settings.signupPolicy === "open") return "New here? The same link creates your account.";
  if (settings.signupPolicy === "invite_only") return "New accounts here are by invitation.";
  return `New accounts here are for addresses at ${settings.signupDomains.join(", ")}.`;
}
