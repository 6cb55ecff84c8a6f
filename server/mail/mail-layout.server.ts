/** Text safe inside HTML. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export const mailStyles = {
  paragraph: "font-size:15px;line-height:1.6;color:#4b5563;margin:0 0 24px",
  small: "font-size:13px;line-height:1.6;color:#6b7280;margin:16px 0 0",
  button:
    "display:inline-block;background:#1a6cf2;color:#ffffff;text-decoration:none;font-weight:600;padding:12px 22px;border-radius:12px",
  link: "color:#1a6cf2;word-break:break-all",
} as const;

/** Motif's e-mail page: the mark, a heading and `body` (HTML, already escaped) on a card. */
export function mailLayout(options: { title: string; body: string }): string {
  const title = escapeHtml(options.title);
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${title}</title></head>
<body style="margin:0;background:#f3f4f6;font-family:-apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif;color:#111827">
  <table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="padding:32px 16px">
    <tr><td align="center">
      <table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:480px;background:#ffffff;border-radius:16px;padding:32px">
        <tr><td>
          <div style="display:inline-block;width:36px;height:36px;border-radius:10px;background:linear-gradient(135deg,#338bfd,#9256f5)"></div>
          <h1 style="font-size:22px;margin:20px 0 8px">${title}</h1>
          ${options.body}
        </td></tr>
      </table>
    </td></tr>
  </table>
</body>
</html>`;
}
