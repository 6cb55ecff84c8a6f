import { z } from "zod";
import { teamDetailSchema } from "#domain/teams";

export const detailReply = z.object({ team: teamDetailSchema });
