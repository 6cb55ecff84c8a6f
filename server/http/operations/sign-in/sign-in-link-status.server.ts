import * as replies from "#domain/api-replies";
import { isLoginTokenUsable } from "../../../auth/login-links.server";
import { defineOperation } from "../operation.server";
import { z } from "zod";
import { linkTokenSchema, limit, ipOf } from "./shared.server";

const linkStatusSchema = z.object({ token: linkTokenSchema });

export const signInLinkStatusOperation = defineOperation({
  method: "post",
  path: "/api/auth/link-status",
  tag: "Sign-in",
  summary: "Whether a sign-in link can still be used",
  access: "public",
  json: linkStatusSchema,
  errors: [429],
  responses: { 200: { description: "Usable or not.", json: replies.linkStatusReply } },
  // Whether a link can still be used, before the page asks for the e-mail: a dead link is said
  // to be one, rather than sending its opener to type an address for nothing.
  async handle({ req, services, body: { token } }) {
    await limit(services, `verify:ip:${ipOf(req)}`, services.config.auth.limits.perIp);
    return { status: 200, body: { usable: await isLoginTokenUsable({ db: services.database.db, token }) } };
  },
});
