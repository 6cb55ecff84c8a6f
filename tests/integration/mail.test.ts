import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSmtpMailer } from "#server/mail/mailer.server";
import { loginLinkEmail } from "#server/mail/login-link-email.server";
import { startSmtpCapture, type SmtpCapture } from "../fakes/smtp-capture";

describe("SMTP mailer", () => {
  let capture: SmtpCapture;
  beforeAll(async () => {
    capture = await startSmtpCapture();
  });
  afterAll(() => capture?.close());

  it("delivers the sign-in e-mail as HTML and plain text over real SMTP", async () => {
    const mailer = createSmtpMailer({ url: `smtp://127.0.0.1:${capture.smtpPort}`, from: "Motif <motif@example.com>" });
    const link = "http://motif.test/auth/verify?token=abc&redirectTo=%2Fapp%2Fstyle";
    await mailer.send(loginLinkEmail({ to: "reader@example.com", link, ttlMinutes: 15 }));
    expect(capture.messages).toHaveLength(1);
    const [mail] = capture.messages;
    expect(mail).toMatchObject({
      to: ["reader@example.com"],
      from: "motif@example.com",
      subject: "Your Motif sign-in link",
    });
    expect(mail!.text).toContain(link);
    expect(mail!.text).toContain("expires in 15 minutes");
    expect(mail!.html).toContain('href="http://motif.test/auth/verify?token=abc&#38;redirectTo=%2Fapp%2Fstyle"');
  });

  it("fails loudly when the server is unreachable", async () => {
    const mailer = createSmtpMailer({ url: "smtp://127.0.0.1:1", from: "Motif <motif@example.com>" });
    await expect(
      mailer.send(loginLinkEmail({ to: "x@example.com", link: "http://x", ttlMinutes: 1 })),
    ).rejects.toThrow();
  });
});

describe("sign-in e-mail", () => {
  it("escapes the address and link in HTML", () => {
    const mail = loginLinkEmail({ to: "a<b>@example.com", link: 'http://x/?a="1"&b=<2>', ttlMinutes: 1 });
    expect(mail.html).not.toContain("<b>");
    expect(mail.html).not.toContain('"1"');
    expect(mail.text).toContain("expires in 1 minute:");
  });
});
