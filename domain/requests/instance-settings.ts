import { z } from "zod";
import { ANNOUNCEMENT_MAX, signupPolicies, SIGNUP_DOMAINS_MAX } from "../instance-settings";

// A change to the instance's settings; apart from instance-settings.ts, whose words the signed-in
// shell loads while only the console's form checks a change (docs/decisions/126).

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
