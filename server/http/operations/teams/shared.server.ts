import { z } from "zod";
import { teamDetailSchema } from "#domain/teams";

export const detailReply = z.object({ team: teamDetailSchema });
export const roles =
  "Owners and admins invite, remove and change roles; the owner also renames, hands over and deletes the team; members read it. Anyone not in the team gets 404.";
