// A local mail catcher: a real SMTP server on loopback that keeps what it receives,
// plus a small HTTP API to read it (GET /messages?to=..., DELETE /messages).
// Run on its own: node tests/fakes/smtp-capture.ts <smtpPort> <httpPort>
import { simpleParser } from "mailparser";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

export interface CapturedMail {
  to: string[];
  from: string;
  subject: string;
  text: string;
  html: string;
  receivedAt: string;
}

export interface SmtpCapture {
  smtpPort: number;
  httpPort: number;
  messages: CapturedMail[];
  close(): Promise<void>;
}

export async function startSmtpCapture(options: { smtpPort?: number; httpPort?: number } = {}): Promise<SmtpCapture> {
  const messages: CapturedMail[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    // smtp-server's bundled certificate has expired: plain SMTP on loopback.
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          messages.push({
            to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
            subject: parsed.subject ?? "",
            text: parsed.text ?? "",
            html: typeof parsed.html === "string" ? parsed.html : "",
            receivedAt: new Date().toISOString(),
          });
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => smtp.listen(options.smtpPort ?? 0, "127.0.0.1", resolve));

  const http: Server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://localhost");
    if (url.pathname === "/messages" && req.method === "GET") {
      const to = url.searchParams.get("to")?.toLowerCase();
      res.setHeader("Content-Type", "application/json");
      res.end(JSON.stringify(to ? messages.filter((m) => m.to.includes(to)) : messages));
    } else if (url.pathname === "/messages" && req.method === "DELETE") {
      messages.length = 0;
      res.end("{}");
    } else if (url.pathname === "/healthz") {
      res.end("ok");
    } else {
      res.statusCode = 404;
      res.end();
    }
  });
  await new Promise<void>((resolve) => http.listen(options.httpPort ?? 0, "127.0.0.1", resolve));

  return {
    smtpPort: (smtp.server.address() as AddressInfo).port,
    httpPort: (http.address() as AddressInfo).port,
    messages,
    close: async () => {
      await new Promise<void>((resolve) => smtp.close(() => resolve()));
      await new Promise<void>((resolve) => http.close(() => resolve()));
    },
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const capture = await startSmtpCapture({ smtpPort: Number(process.argv[2]), httpPort: Number(process.argv[3]) });
  console.log(`SMTP capture on ${capture.smtpPort}, HTTP on ${capture.httpPort}`);
}
