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

/** A bare e-mail domain, lower-cased: "studio.example", never "@studio.example" or a URL. */
export const signupDomainSchema = z
  .string()
  .trim()
  .toLowerCase()
  .transform((d) => d.replace(/^@/, ""))
  .pipe(
    z
      .string()
      .max(253)
      .regex(
        /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/,
        "Give a domain like studio.example.",
      ),
  )
  // As the document states it: before the trim, the lower-casing and a leading @ are undone.
  .meta({
    pattern:
      "^[^\\S\\u000b\\u000c]*@?(?=\\S{1,253}[^\\S\\u000b\\u000c]*$)" +
      "(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\\.)+[A-Za-z]{2,63}[^\\S\\u000b\\u000c]*$",
  });

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

/**
 * A change to the settings: each field given is set here (and wins over the environment), `null`
 * goes back to the environment's value, and a field left out stays as it is.
 */
export const instanceSettingsChangeSchema = z
  .object({
    signupPolicy: z.enum(signupPolicies).nullable().optional(),
    signupDomains: z
      .array(signupDomainSchema)
      .max(SIGNUP_DOMAINS_MAX, `List at most ${SIGNUP_DOMAINS_MAX} domains.`)
      .transform((domains) => [...new Set(domains)])
      .nullable()
      .optional(),
    signupGrant: z
      .number({ error: "Give a whole number of credits." })
      .int("Give a whole number of credits.")
      .min(0, "Give 0 credits or more.")
      .max(1_000_000, "Give at most 1,000,000 credits.")
      .nullable()
      .optional(),
    announcement: z
      .string()
      .trim()
      .max(ANNOUNCEMENT_MAX, `Keep the announcement to ${ANNOUNCEMENT_MAX} characters.`)
      .nullable()
      .optional(),
  })
  .refine((change) => Object.values(change).some((v) => v !== undefined), "Change at least one setting.")
  .meta({ example: { signupPolicy: "domains", signupDomains: ["studio.example"] } });
export type InstanceSettingsChange = z.output<typeof instanceSettingsChangeSchema>;

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
