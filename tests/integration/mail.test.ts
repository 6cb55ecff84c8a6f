import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createOutboxMailer, createSmtpMailer } from "#server/mail/mailer.server";
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

describe("outbox mailer", () => {
  // A valid address of 249 characters: a 64-character local part and a 184-character domain.
  const longAddress = `${"l".repeat(64)}@${["a".repeat(60), "b".repeat(60), "c".repeat(54)].join(".")}.example`;
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), "motif-outbox-"));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("writes mail to a 249-character address under a short file name", async () => {
    expect(longAddress).toHaveLength(249);
    const mailer = createOutboxMailer({ dir, from: "Motif <motif@example.com>", logger: pino({ level: "silent" }) });
    const link = "http://motif.test/auth/verify?token=long";
    await mailer.send(loginLinkEmail({ to: longAddress, link, ttlMinutes: 15 }));
    await mailer.send(loginLinkEmail({ to: longAddress, link: `${link}-2`, ttlMinutes: 15 }));
    const files = readdirSync(dir).sort();
    expect(files.filter((f) => f.endsWith(".json"))).toHaveLength(2);
    expect(files.filter((f) => f.endsWith(".html"))).toHaveLength(2);
    for (const file of files) expect(Buffer.byteLength(file)).toBeLessThanOrEqual(120);
    const sent = files
      .filter((f) => f.endsWith(".json"))
      .map((f) => JSON.parse(readFileSync(path.join(dir, f), "utf8")) as { to: string; link: string });
    expect(sent.map((m) => m.to)).toEqual([longAddress, longAddress]);
    expect(sent.map((m) => m.link).sort()).toEqual([link, `${link}-2`]);
  });
});
