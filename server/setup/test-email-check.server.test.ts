import { describe, expect, it } from "vitest";
import type { Mailer } from "../mail/mailer.server";
import { sendTestEmail } from "./test-email-check.server";

const config = { publicUrl: "http://motif.test", mail: { smtpUrl: "smtp://motif:s%40cret@mail.test:587", from: "x" } };
const user = { email: "ops@example.com" };

describe("the setup page's test e-mail", () => {
  it("says where it went", async () => {
    const sent: string[] = [];
    const mailer: Mailer = { kind: "smtp", send: async (message) => void sent.push(message.to) };
    expect(await sendTestEmail({ mailer, config }, user)).toEqual({
      ok: true,
      to: "ops@example.com",
      message: "Sent to ops@example.com. It should arrive within a minute.",
    });
    expect(sent).toEqual(["ops@example.com"]);
  });

  it("reports the mail server's refusal in its words, without the password it was given", async () => {
    const mailer: Mailer = {
      kind: "smtp",
      send: async () => {
        throw new Error("Invalid login: 535 auth failed for motif:s@cret");
      },
    };
    expect(await sendTestEmail({ mailer, config }, user)).toEqual({
      ok: false,
      to: "ops@example.com",
      message: "The mail server refused it: Invalid login: 535 auth failed for motif:•••",
    });
  });
});
