import { z } from "zod";
import { invitableRoles, TEAM_NAME_MAX } from "../teams";
import { nameText } from "./building-blocks";

// What team requests carry; apart from teams.ts, whose words the signed-in shell loads while
// only the team pages' forms check these (docs/decisions/126).

const teamName = nameText({
  empty: "Give the team a name.",
  max: TEAM_NAME_MAX,
  tooLong: `Keep the name to ${TEAM_NAME_MAX} characters.`,
});

export const createTeamSchema = z.object({ name: teamName.meta({ example: "Harbour Games" }) });

export const renameTeamSchema = createTeamSchema;

export const inviteSchema = z.object({
  email: z.email("Give an e-mail address.").max(254).meta({ example: "artist@studio.example" }),
  role: z.enum(invitableRoles).default("member"),
});

/** PATCH a member: their role (between admin and member), their monthly limit (null: none), or both. */
export const changeMemberSchema = z
  .object({
    role: z.enum(invitableRoles).optional(),
    monthlyLimit: z
      .number({ error: "The limit is a number of credits." })
      .int("The limit is a whole number of credits.")
      .min(0, "The limit cannot be below 0.")
      .max(10_000_000, "Keep the limit under 10,000,000 credits.")
      .nullable()
      .optional()
      .meta({
        description: "Credits they may spend from the team's balance each calendar month (UTC); null: no limit.",
      }),
  })
  .refine((change) => change.role !== undefined || change.monthlyLimit !== undefined, {
    message: "Change the role or the monthly limit.",
  });

export const transferSchema = z.object({ userId: z.string().min(1).max(100) });

export const invitationTokenSchema = z.object({ token: z.string().min(1).max(200) });
