import { Router } from "express";
import { z } from "zod";
import { AppError } from "#domain/errors";
import { runCreditsCommand } from "../credits/credits-command.server";
import { isControlToken } from "../operator/control-file.server";
import type { Services } from "../services.server";

export const operatorCommandSchema = z
  .object({
    args: z
      .array(z.string().max(320))
      .max(5)
      .meta({
        description: "The command's words, as typed after `npm run credits --`.",
        example: ["grant", "ann@example.com", "100"],
      }),
  })
  .strict()
  .meta({ id: "OperatorCommand" });
export const operatorCommandReplySchema = z
  .object({
    ok: z.boolean(),
    message: z.string().meta({ example: "Granted 100 credits to ann@example.com: balance 350." }),
  })
  .meta({ id: "OperatorCommandReply" });

/**
 * The operator's commands, asked of the running server when it holds the embedded database
 * (scripts/credits.ts). Only the control file's secret opens them: no session, no API key.
 */
export function operatorApi(getServices: () => Promise<Services>): Router {
  const router = Router();
  router.post("/credits", async (req, res) => {
    const bearer = /^Bearer (.+)$/.exec(req.get("Authorization") ?? "")?.[1];
    if (!isControlToken(bearer)) throw new AppError("not_found", "Not found");
    const { args } = operatorCommandSchema.parse(req.body);
    const services = await getServices();
    const result = await runCreditsCommand(services.database.db, args);
    res.setHeader("Cache-Control", "no-store");
    res.status(result.ok ? 200 : 400).json(result);
  });
  return router;
}
