import { describe, expect, it } from "vitest";
import { mailboxKey } from "./mailbox.server";

describe("mailboxKey", () => {
  it.each([
    ["Someone@Example.com", "someone@example.com"],
    ["  someone@example.com ", "someone@example.com"],
    ["someone+news@example.com", "someone@example.com"],
    ["someone+a+b@example.com", "someone@example.com"],
    ["first.last@example.com", "first.last@example.com"],
    ["First.Last+x@Gmail.com", "firstlast@gmail.com"],
    ["f.irst.last@googlemail.com", "firstlast@gmail.com"],
    // A local part that is only a tag keeps it: stripping would leave nothing.
    ["+tag@example.com", "+tag@example.com"],
    ["not-an-address", "not-an-address"],
  ])("reads %s as the mailbox %s", (email, key) => {
    expect(mailboxKey(email)).toBe(key);
  });
});
