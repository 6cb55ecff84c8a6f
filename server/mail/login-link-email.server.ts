import type { MailMessage } from "./mailer.server";

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

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
  const html = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>Sign in to Motif</title></head>
<body style="margin:0;background:#f3f4f6;font-family:-apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif;color:#111827">
  <table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="padding:32px 16px">
    <tr><td align="center">
      <table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:480px;background:#ffffff;border-radius:16px;padding:32px">
        <tr><td>
          <div style="display:inline-block;width:36px;height:36px;border-radius:10px;background:linear-gradient(135deg,#338bfd,#9256f5)"></div>
          <h1 style="font-size:22px;margin:20px 0 8px">Sign in to Motif</h1>
          <p style="font-size:15px;line-height:1.6;color:#4b5563;margin:0 0 24px">Click the button to sign in as <strong>${escapeHtml(to)}</strong>. The link works once and expires in ${expiry}.</p>
          <a href="${safeLink}" style="display:inline-block;background:#1a6cf2;color:#ffffff;text-decoration:none;font-weight:600;padding:12px 22px;border-radius:12px">Sign in to Motif</a>
          <p style="font-size:13px;line-height:1.6;color:#6b7280;margin:24px 0 0">Or paste this address into your browser:<br><a href="${safeLink}" style="color:#1a6cf2;word-break:break-all">${safeLink}</a></p>
          <p style="font-size:13px;line-height:1.6;color:#6b7280;margin:16px 0 0">If you did not ask to sign in, ignore this e-mail: nobody can sign in without this link.</p>
        </td></tr>
      </table>
    </td></tr>
  </table>
</body>
</html>`;
  return { to, subject: "Your Motif sign-in link", text, html, link };
}
