import { z } from "zod";
import { teamRoles } from "./teams";

export const userSorts = ["newest", "email", "balance", "active"] as const;
export const USERS_PAGE = 50;

/** GET /api/admin/users */
export const listUsersQuerySchema = z.object({
  q: z.string().trim().max(200).optional().meta({ description: "Part of an address to look for." }),
  sort: z.enum(userSorts).default("newest"),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});

/** An account as the operator console lists it. */
export const operatorUserSchema = z
  .object({
    id: z.string(),
    email: z.string(),
    credits: z.number().int(),
    debt: z.number().int().meta({ description: "Credits owed after a refunded or disputed purchase." }),
    imagesMade: z.number().int(),
    disabled: z.boolean(),
    createdAt: z.string().meta({ format: "date-time" }),
    lastActiveAt: z.string().meta({ format: "date-time", description: "The latest sign-in or job." }).nullable(),
    teams: z
      .array(z.object({ id: z.string(), name: z.string(), role: z.enum(teamRoles) }))
      .meta({ description: "The teams it is in, oldest first, with its role in each." }),
  })
  .meta({ id: "OperatorUser" });
export type OperatorUser = z.output<typeof operatorUserSchema>;

export const operatorUsersReply = z.object({
  users: z.array(operatorUserSchema),
  total: z.number().int().meta({ description: "Accounts that match, over every page." }),
  page: z.number().int(),
  pageSize: z.number().int(),
});

/** A team as the operator console lists it. */
export const operatorTeamSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    owner: z.string().nullable().meta({ description: "The owner's e-mail address." }),
    members: z.number().int(),
    credits: z.number().int().meta({ description: "The team's balance, which its members spend." }),
    debt: z.number().int(),
    imagesMade: z.number().int(),
    createdAt: z.string().meta({ format: "date-time" }),
  })
  .meta({ id: "OperatorTeam" });
export type OperatorTeam = z.output<typeof operatorTeamSchema>;

export const operatorTeamsReply = z.object({ teams: z.array(operatorTeamSchema) });
