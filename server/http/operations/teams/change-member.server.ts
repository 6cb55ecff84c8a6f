import { changeMemberSchema } from "#domain/requests/teams";
import { changeMember } from "../../../teams/team-members.server";
import { readTeam } from "../../../teams/teams.server";
import { defineOperation } from "../operation.server";
import { detailReply } from "./shared.server";

export const changeMemberOperation = defineOperation({
  method: "patch",
  path: "/api/teams/:id/members/:userId",
  tag: "Teams",
  summary: "Change a member's role or monthly limit",
  description:
    "The role between admin and member (the owner's role changes only by a hand-over: 409), and the credits they may spend from the team's balance each calendar month (UTC; null: no limit). Owners and admins; the owner sets admins' and members' limits, admins set members' (403), and the owner has none (409).",
  access: "session",
  json: changeMemberSchema,
  errors: [403, 409],
  responses: { 200: { description: "The team.", json: detailReply } },
  async handle({ services, user, params, body }) {
    const { db } = services.database;
    await changeMember(db, { teamId: params.id, userId: user.id, memberId: params.userId, ...body });
    return { status: 200, body: { team: await readTeam(db, { teamId: params.id, userId: user.id }) } };
  },
});
