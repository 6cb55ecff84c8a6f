import { escapeHtml, mailLayout, mailStyles } from "./mail-layout.server";
import type { MailMessage } from "./mailer.server";

/** The invitation to join a team: who invites, to what, and the link that works once for this address. */
export function teamInvitationEmail(options: {
  to: string;
  team: string;
  inviter: string;
  link: string;
  ttlDays: number;
}): MailMessage {
  const { to, team, inviter, link, ttlDays } = options;
  const title = `Join ${team} on Motif`;
  const text = [
    title,
    "",
    `${inviter} invites you to join the team “${team}” on Motif: its styles, images and credits.`,
    `Open this link to accept. It works once, for ${to}, for ${ttlDays} days:`,
    link,
    "",
    "If you did not expect this, you can ignore this e-mail.",
  ].join("\n");
  const safeLink = escapeHtml(link);
  const body = `<p style="${mailStyles.paragraph}"><strong>${escapeHtml(inviter)}</strong> invites you to join the team <strong>${escapeHtml(team)}</strong> on Motif: its styles, images and credits.</p>
          <a href="${safeLink}" style="${mailStyles.button}">Accept the invitation</a>
          <p style="${mailStyles.small};margin-top:24px">It works once, for ${escapeHtml(to)}, for ${ttlDays} days. Or paste this address into your browser:<br><a href="${safeLink}" style="${mailStyles.link}">${safeLink}</a></p>
          <p style="${mailStyles.small}">If you did not expect this, ignore this e-mail.</p>`;
  return { to, subject: `${inviter} invites you to ${team} on Motif`, text, html: mailLayout({ title, body }), link };
}
