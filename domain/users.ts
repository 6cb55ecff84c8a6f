import { z } from "zod";

/** The signed-in user's own record. */
export const profileSchema = z
  .object({
    uid: z.string(),
    email: z.string(),
    credits: z.number().int().meta({ description: "The balance." }),
    creditsVersion: z
      .number()
      .int()
      .meta({ description: "Orders this reading against the live credit events: the higher is newer." }),
  })
  .meta({ id: "Profile", description: "The signed-in user: id, e-mail and credit balance." });
export type Profile = z.output<typeof profileSchema>;
