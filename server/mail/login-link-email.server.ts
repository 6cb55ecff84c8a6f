import { escapeHtml, mailLayout, mailStyles } from "./mail-layout.server";
import type { MailMessage } from "./mailer.server";

/** The sign-in e-mail, as HTML and plain text. */
export function loginLinkEmail(options: { to: string; link: string; ttlMinutes: number }): MailMessage {
  const { to, link, ttlMinutes } = options;
  const expiry = `${ttlMinutes} minute${ttlMinutes === 1 ? "" : "s"}`;
  const text = [
    "Sign in to Motif",
    "",
    "Open this link to sign in. It works once and expires in " + expiry + ":",
    link,
    "",
    "If you did not ask to sign in, you can ignore this e-mail: nobody can sign in without this link.",
  ].join("\n");
  const safeLink = escapeHtml(link);
  const body = `<p style="${mailStyles.paragraph}">Click the button to sign in as <strong>${escapeHtml(to)}</strong>. The link works once and expires in ${expiry}.</p>
          <a href="${safeLink}" style="${mailStyles.button}">Sign in to Motif</a>
          <p style="${mailStyles.small};margin-top:24px">Or paste this address into your browser:<br><a href="${safeLink}" style="${mailStyles.link}">${safeLink}</a></p>
          <p style="${mailStyles.small}">If you did not ask to sign in, ignore this e-mail: nobody can sign in without this link.</p>`;
  const html = mailLayout({ title: "Sign in to Motif", body });
  return { to, subject: "Your Motif sign-in link", text, html, link };
}
