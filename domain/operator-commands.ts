import { z } from "zod";

/** The operator's command line (`npm run credits -- …`) sent to a running server. */
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
