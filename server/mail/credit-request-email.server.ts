import { escapeHtml as escape } from "./mail-layout.server";
import type { MailMessage } from "./mailer.server";
import { formatCount } from "#domain/count-words";

/**
 * What an operator receives when someone asks for credits: who, their balance, their
 * note, a link to them in the operator console and the command that grants credits (Motif
 * sells none without Stripe).
 */
export function creditRequestEmail(options: {
  to: string;
  requester: string;
  balance: number;
  note?: string;
  publicUrl: string;
  /** Asked from a team's workspace: the team's name (the balance is the team's). */
  team?: string;
}): MailMessage {
  const { requester, balance, note, publicUrl, team } = options;
  const balanceText = `${formatCount(balance)} credit${balance === 1 ? "" : "s"}`;
  const command = `npm run credits -- grant ${requester} <credits>`;
  const consoleLink = team
    ? `${publicUrl}/app/admin/teams`
    : `${publicUrl}/app/admin?q=${encodeURIComponent(requester)}`;
  const asks = team
    ? `${requester} asks for more credits for the team “${team}” on ${publicUrl}.`
    : `${requester} asks for more credits on ${publicUrl}.`;
  const whose = team ? "The team's balance" : "Their balance";
  const text = [
    "Credits requested",
    "",
    asks,
    `${whose}: ${balanceText}.`,
    ...(note ? ["", "Their note:", note] : []),
    "",
    team
      ? "To give the team credits, open the teams in the operator console:"
      : "To give them credits, open them in the operator console:",
    consoleLink,
    ...(team ? [] : ["", "or run this where Motif runs:", command]),
    "",
    "You receive this because you operate this Motif. They can ask at most once an hour.",
  ].join("\n");
  const html = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>Credits requested</title></head>
<body style="margin:0;background:#f3f4f6;font-family:-apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif;color:#111827">
  <div style="max-width:480px;margin:32px auto;background:#ffffff;border-radius:16px;padding:32px">
    <h1 style="font-size:22px;margin:0 0 8px">Credits requested</h1>
    <p style="font-size:15px;line-height:1.6;color:#4b5563;margin:0 0 12px">${escape(asks)} ${escape(whose)}: ${escape(balanceText)}.</p>
    ${note ? `<p style="font-size:15px;line-height:1.6;color:#111827;margin:0 0 12px;padding:12px 16px;background:#f3f4f6;border-radius:12px;white-space:pre-wrap">${escape(note)}</p>` : ""}
    ${
      team
        ? `<p style="font-size:14px;line-height:1.6;color:#4b5563;margin:0 0 12px">To give the team credits, <a href="${escape(consoleLink)}" style="color:#1a6cf2">open the teams in the operator console</a>.</p>`
        : `<p style="font-size:14px;line-height:1.6;color:#4b5563;margin:0 0 12px">To give them credits, <a href="${escape(consoleLink)}" style="color:#1a6cf2">open them in the operator console</a>, or run this where Motif runs:<br><code style="font-size:13px">${escape(command)}</code></p>`
    }
    <p style="font-size:13px;line-height:1.6;color:#6b7280;margin:16px 0 0">You receive this because you operate this Motif. They can ask at most once an hour.</p>
  </div>
</body>
</html>`;
  const subject = team ? `Credits requested for ${team} by ${requester}` : `Credits requested by ${requester}`;
  return { to: options.to, subject, text, html };
}
