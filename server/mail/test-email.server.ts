import type { MailMessage } from "./mailer.server";

/** The message the setup page sends to prove mail reaches people. Plain: nothing in it to click. */
export function testEmail(options: { to: string; publicUrl: string }): MailMessage {
  const text = [
    "Motif can send e-mail",
    "",
    `This test message was sent from the setup page of ${options.publicUrl}.`,
    "Sign-in links will arrive the same way. No action is needed.",
  ].join("\n");
  const escape = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
  const html = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>Motif can send e-mail</title></head>
<body style="margin:0;background:#f3f4f6;font-family:-apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif;color:#111827">
  <div style="max-width:480px;margin:32px auto;background:#ffffff;border-radius:16px;padding:32px">
    <h1 style="font-size:22px;margin:0 0 8px">Motif can send e-mail</h1>
    <p style="font-size:15px;line-height:1.6;color:#4b5563;margin:0">This test message was sent from the setup page of ${escape(options.publicUrl)}. Sign-in links will arrive the same way. No action is needed.</p>
  </div>
</body>
</html>`;
  return { to: options.to, subject: "Motif test e-mail", text, html };
}
