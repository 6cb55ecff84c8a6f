import type { SessionUser } from "../auth/sessions.server";
import type { Config } from "../config.server";
import { getLogger } from "../logger.server";
import type { Mailer } from "../mail/mailer.server";
import { testEmail } from "../mail/test-email.server";
import { redact } from "./redact.server";
import type { TestEmailResult } from "#domain/setup";

/** Sends the operator a test e-mail through the configured mailer; a refusal is the result, not a failure. */
export async function sendTestEmail(
  deps: { mailer: Mailer; config: Pick<Config, "mail" | "publicUrl"> },
  user: Pick<SessionUser, "email">,
): Promise<TestEmailResult> {
  const { mailer, config } = deps;
  try {
    await mailer.send(testEmail({ to: user.email, publicUrl: config.publicUrl }));
    return {
      ok: true,
      to: user.email,
      message:
        mailer.kind === "outbox"
          ? `Written to the outbox folder for ${user.email}: no mail server is set, so nothing left this machine.`
          : `Sent to ${user.email}. It should arrive within a minute.`,
    };
  } catch (error) {
    getLogger().warn({ err: error }, "test e-mail failed");
    const password = config.mail.smtpUrl ? decodeURIComponent(new URL(config.mail.smtpUrl).password) : "";
    const said = error instanceof Error ? error.message : String(error);
    return { ok: false, to: user.email, message: `The mail server refused it: ${redact(said, password)}` };
  }
}
