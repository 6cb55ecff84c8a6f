import { sql } from "drizzle-orm";
import { z } from "zod";
import * as replies from "#domain/api-replies";
import { isPreview } from "#domain/preview";
import { connectionCheckBody, grantCreditsBody, setupActionBody, setupCheckLimit } from "#domain/setup";
import { knownRoutePaths } from "#domain/route-path";
import { hitRateLimit } from "../../auth/rate-limit.server";
import { grantCreditsByEmail } from "../../credits/credits-command.server";
import { pageViews } from "../../db/schema";
import { recordProviderCheck } from "../../generation/providers/provider-checks.server";
import { getLogger } from "../../logger.server";
import type { Services } from "../../services";
import { checkImageConnection } from "../../setup/connection-check.server";
import { describeSetup } from "../../setup/setup-status.server";
import { sendTestEmail } from "../../setup/test-email-check.server";
import { AppError } from "../errors.server";
import { defineOperation } from "./operation.server";

// Only the app's own route paths: the table stays small whoever posts to it.
export const pageViewSchema = z.object({ path: z.enum(knownRoutePaths) });

const grantCreditsReply = z
  .object({ message: z.string().meta({ example: "Granted 100 credits to ann@example.com: balance 350." }) })
  .meta({ id: "GrantCreditsReply" });

/** Each check reaches an outside service: a few a minute per operator, shared by all checks. */
async function limitChecks(services: Services, userId: string): Promise<void> {
  const result = await hitRateLimit({
    db: services.database.db,
    key: `setup-check:${userId}`,
    limit: setupCheckLimit.perWindow,
    windowMs: setupCheckLimit.windowMs,
  });
  if (!result.allowed) {
    throw new AppError(
      "rate_limited",
      `Too many checks. Try again in ${result.retryAfterSeconds} seconds.`,
      {},
      { "Retry-After": String(result.retryAfterSeconds) },
    );
  }
}

/** The operator's setup page calls (everyone else gets the same 404 as an unknown path), and the page counter. */

export const setupOperations = [
  defineOperation({
    method: "get",
    path: "/api/setup",
    tag: "Setup",
    summary: "This instance's settings",
    description: "For the operator only, from a browser session; anyone else gets 404.",
    access: "operator",
    responses: { 200: { description: "The settings, without secrets.", json: replies.setupStatusReply } },
    async handle({ services }) {
      return { status: 200, body: { status: await describeSetup(services) } };
    },
  }),
  defineOperation({
    method: "post",
    path: "/api/setup/test-connection",
    tag: "Setup",
    summary: "Check an image provider",
    description: "Calls the provider once. Answers 200 either way: a refused key is the check's result.",
    access: "operator",
    json: connectionCheckBody,
    errors: [429],
    responses: { 200: { description: "The check.", json: replies.connectionCheckReply } },
    // Answers 200 either way: a refused key is the check's result, not this call's failure.
    async handle({ services, user, body }) {
      await limitChecks(services, user.id);
      const check = await checkImageConnection(services, { providerId: body?.provider });
      const provider = body?.provider ? services.providers.offeredById(body.provider) : services.providers.default;
      // What users see of the model follows the operator's latest check.
      if (provider && !isPreview(provider.id)) {
        await recordProviderCheck(services.database.db, {
          provider: provider.id,
          model: provider.model,
          ok: check.ok,
          message: check.message,
        });
      }
      getLogger().info(
        { provider: provider?.id ?? body?.provider, ok: check.ok, latencyMs: check.latencyMs },
        "image provider connection checked",
      );
      return { status: 200, body: { check } };
    },
  }),
  defineOperation({
    method: "post",
    path: "/api/setup/test-email",
    tag: "Setup",
    summary: "Send a test e-mail",
    access: "operator",
    json: setupActionBody,
    errors: [429],
    responses: { 200: { description: "Where it went.", json: replies.testEmailReply } },
    async handle({ services, user }) {
      await limitChecks(services, user.id);
      return { status: 200, body: { result: await sendTestEmail(services, user) } };
    },
  }),
  defineOperation({
    method: "post",
    path: "/api/setup/grant-credits",
    tag: "Setup",
    summary: "Give an account credits",
    description:
      'Through the ledger ("Added by the operator"), settling any debt first; the account\'s open pages see the new balance. An address with no account answers 400 and grants nothing.',
    access: "operator",
    json: grantCreditsBody,
    errors: [400],
    responses: { 200: { description: "What was granted.", json: grantCreditsReply } },
    // The operator gives credits from the setup page, as `npm run credits -- grant` does.
    async handle({ services, body }) {
      const { email, credits } = body;
      const result = await grantCreditsByEmail(services.database.db, { email: email.toLowerCase(), amount: credits });
      if (!result.ok) throw new AppError("bad_request", result.message);
      return { status: 200, body: { message: result.message } };
    },
  }),
  defineOperation({
    method: "post",
    path: "/api/analytics/pageview",
    tag: "Setup",
    summary: "Count a page view",
    description: "Per day and route; no visitor data is kept.",
    access: "public",
    json: pageViewSchema,
    responses: { 204: { description: "Counted." } },
    // Counts page views per day and route; stores no visitor data.
    async handle({ services, body }) {
      await services.database.db
        .insert(pageViews)
        .values({ day: sql`current_date`, path: body.path, views: 1 })
        .onConflictDoUpdate({ target: [pageViews.day, pageViews.path], set: { views: sql`${pageViews.views} + 1` } });
      return { status: 204 };
    },
  }),
];
