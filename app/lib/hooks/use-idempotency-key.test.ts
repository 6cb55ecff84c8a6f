import { describe, expect, it } from "vitest";
import { idempotencyKeys } from "~/lib/hooks/use-idempotency-key";

describe("Idempotency-Keys for a form's requests", () => {
  const counter = () => {
    let n = 0;
    return () => `key-${++n}`;
  };

  it("keeps the key for the same request sent again, until it is done", () => {
    const keys = idempotencyKeys(counter());
    expect(keys.keyFor("/api/objects", { subjects: ["Lamp"] })).toBe("key-1");
    expect(keys.keyFor("/api/objects", { subjects: ["Lamp"] })).toBe("key-1");
    keys.done();
    expect(keys.keyFor("/api/objects", { subjects: ["Lamp"] })).toBe("key-2");
  });

  it("gives another body, or the same body for another address, a new key", () => {
    const keys = idempotencyKeys(counter());
    expect(keys.keyFor("/api/objects/a/variations", { count: 2 })).toBe("key-1");
    expect(keys.keyFor("/api/objects/a/variations", { count: 3 })).toBe("key-2");
    expect(keys.keyFor("/api/objects/b/variations", { count: 3 })).toBe("key-3");
  });
});
