import { escapeHtml, mailLayout, mailStyles } from "./mail-layout.server";
import type { MailMessage } from "./mailer.server";

/**
 * What someone who asked to sign in without an account receives when the instance does not take
 * new accounts from them. Sent by e-mail, like a link would be, so the sign-in form's answer
 * stays the same for every address.
 */
export function signupRefusedEmail(options: { to: string; reason: string; publicUrl: string }): MailMessage {
  const { to, reason, publicUrl } = options;
  const text = [
    "No Motif account for this address",
    "",
    `Someone asked to sign in to ${publicUrl} as ${to}, which has no account there.`,
    reason,
    "",
    "If you did not ask to sign in, you can ignore this e-mail.",
  ].join("\n");
  const body = `<p style="${mailStyles.paragraph}">Someone asked to sign in to <strong>${escapeHtml(publicUrl)}</strong> as <strong>${escapeHtml(to)}</strong>, which has no account there.</p>
          <p style="${mailStyles.paragraph}">${escapeHtml(reason)}</p>
          <p style="${mailStyles.small}">If you did not ask to sign in, ignore this e-mail.</p>`;
  const html = mailLayout({ title: "No Motif account for this address", body });
  return { to, subject: "Signing in to Motif", text, html };
}
