import { describe, expect, it } from "vitest";
import { SessionCache } from "./session-cache.server";

const alice = { id: "u-alice", email: "alice@example.com" };
const bob = { id: "u-bob", email: "bob@example.com" };
const farFuture = new Date(Date.now() + 86_400_000);

describe("SessionCache", () => {
  it("trusts a session for its window, then asks again", () => {
    let now = 1_000;
    const cache = new SessionCache(30_000, () => now);
    cache.set("h1", alice, new Date(1_000_000));
    now += 29_999;
    expect(cache.get("h1")).toEqual(alice);
    now += 1;
    expect(cache.get("h1")).toBeUndefined();
  });

  it("never trusts a session past its own end", () => {
    let now = 1_000;
    const cache = new SessionCache(30_000, () => now);
    cache.set("h1", alice, new Date(6_000));
    now = 5_999;
    expect(cache.get("h1")).toEqual(alice);
    now = 6_000;
    expect(cache.get("h1")).toBeUndefined();
  });

  it("forgets every session of a user whose sessions ended in another process", async () => {
    let deliver: (payload: string) => void = () => {};
    let reconnect: () => void = () => {};
    const cache = new SessionCache();
    await cache.listen({
      async listen(_channel, onNotify, onReconnect) {
        deliver = onNotify;
        reconnect = onReconnect ?? (() => {});
        return async () => {};
      },
    });
    cache.set("a1", alice, farFuture);
    cache.set("a2", alice, farFuture);
    cache.set("b1", bob, farFuture);
    deliver("u-alice:41"); // an ordinary event changes nothing
    expect(cache.get("a1")).toEqual(alice);
    deliver("u-alice:session-ended");
    expect(cache.get("a1")).toBeUndefined();
    expect(cache.get("a2")).toBeUndefined();
    expect(cache.get("b1")).toEqual(bob);
    // Notices sent while the listener was away are lost: it forgets everything.
    reconnect();
    expect(cache.get("b1")).toBeUndefined();
  });

  it("keeps a bounded number of sessions, dropping the oldest", () => {
    const cache = new SessionCache();
    for (let i = 0; i <= 10_000; i++) cache.set(`h${i}`, alice, farFuture);
    expect(cache.get("h0")).toBeUndefined();
    expect(cache.get("h1")).toEqual(alice);
    expect(cache.get("h10000")).toEqual(alice);
  });
});
