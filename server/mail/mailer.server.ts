import { createHash, randomBytes } from "node:crypto";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Transporter } from "nodemailer";
import type { Logger } from "pino";

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The one link a person needs from this message (logged by the outbox). */
  link?: string;
}

export interface Mailer {
  kind: "smtp" | "outbox";
  send(message: MailMessage): Promise<void>;
}

export function createSmtpMailer(options: { url: string; from: string }): Mailer {
  // nodemailer is loaded with the first message: a process that sends none never holds it.
  let transport: Promise<Transporter> | undefined;
  const connect = async () => (await import("nodemailer")).default.createTransport(options.url);
  return {
    kind: "smtp",
    async send(message) {
      await (
        await (transport ??= connect())
      ).sendMail({
        from: options.from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
      });
    },
  };
}

/**
 * The embedded default: each message is written to `dir` and its link logged,
 * so someone running Motif locally can sign in without a mail server.
 */
export function createOutboxMailer(options: { dir: string; from: string; logger: Logger }): Mailer {
  return {
    kind: "outbox",
    async send(message) {
      await mkdir(options.dir, { recursive: true });
      const name = outboxFileName(message.to);
      await writeFile(
        path.join(options.dir, `${name}.json`),
        JSON.stringify({ from: options.from, ...message }, null, 2),
      );
      await writeFile(path.join(options.dir, `${name}.html`), message.html);
      options.logger.info(
        { to: message.to, link: message.link },
        `Mail to ${message.to}: ${message.subject}${message.link ? ` — ${message.link}` : ""}`,
      );
    },
  };
}

/**
 * A file name for one message: when, a readable start of the address, and a hash of
 * the whole address plus a random part. Addresses run to 254 characters, longer than
 * many file systems allow in a name, so the name never holds the whole address.
 */
export function outboxFileName(to: string, now = new Date()): string {
  const stamp = now.toISOString().replace(/[:.]/g, "-");
  const readable = to.replace(/[^a-z0-9@.-]/gi, "_").slice(0, 40);
  const digest = createHash("sha256").update(to).digest("hex").slice(0, 12);
  return `${stamp}-${readable}-${digest}-${randomBytes(3).toString("hex")}`;
}
