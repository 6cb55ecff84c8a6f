import { afterEach, describe, expect, it, vi } from "vitest";
import { AppError } from "#domain/errors";
import type { UserEvent } from "./events.server";
import { EventStreamHub, type HubStore, type StreamClient } from "./stream-hub.server";

/** A store that counts its reads, with events and sessions kept in memory. */
function fakeStore() {
  const events: (UserEvent & { userId: string })[] = [];
  const liveHashes = new Set<string>();
  /** `team:member` pairs of people still in their team. */
  const members = new Set<string>();
  let notify: (payload: string) => void = () => {};
  const calls = { eventsSince: 0, liveSessions: 0, memberships: 0 };
  const store: HubStore = {
    async listen(_channel, onNotify) {
      notify = onNotify;
      return async () => {};
    },
    async eventsSince(userId, afterId) {
      calls.eventsSince++;
      return events.filter((event) => event.userId === userId && event.id > afterId);
    },
    async liveSessions(hashes) {
      calls.liveSessions++;
      return new Map(hashes.filter((hash) => liveHashes.has(hash)).map((hash) => [hash, Date.now() + 60_000]));
    },
    async memberships(pairs) {
      calls.memberships++;
      return new Set(pairs.map((p) => `${p.teamId}:${p.userId}`).filter((pair) => members.has(pair)));
    },
  };
  return {
    store,
    calls,
    liveHashes,
    members,
    publish(userId: string, data: Record<string, unknown>) {
      const id = events.length + 1;
      events.push({ id, userId, type: "job", data });
      notify(`${userId}:${id}`);
    },
    endSessions(userId: string) {
      notify(`${userId}:session-ended`);
    },
  };
}

function recordingClient() {
  const client = { chunks: [] as string[], ended: false } as StreamClient & { chunks: string[]; ended: boolean };
  client.send = (chunk) => void client.chunks.push(chunk);
  client.end = () => void (client.ended = true);
  return client;
}

/** Lets the hub's queued work run to its end. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("EventStreamHub", () => {
  afterEach(() => vi.useRealTimers());

  it("reads a user's events once per notification, however many streams that user has open", async () => {
    const fake = fakeStore();
    const hub = new EventStreamHub(fake.store, { perUser: 2_000, perIp: 5_000, heartbeatMs: 60_000 });
    await hub.start();
    const crowd = Array.from({ length: 1_000 }, () => recordingClient());
    crowd.forEach((client) => {
      fake.liveHashes.add("crowd-session");
      hub.open({ userId: "crowd", sessionHash: "crowd-session", ip: "10.0.0.1" }, client).start(0);
    });
    fake.liveHashes.add("other-session");
    const other = recordingClient();
    hub.open({ userId: "other", sessionHash: "other-session", ip: "10.0.0.2" }, other).start(0);
    await settle();

    fake.calls.eventsSince = 0;
    fake.publish("other", { n: 1 });
    await settle();
    // Another user's event costs one read and touches none of the idle crowd.
    expect(fake.calls.eventsSince).toBe(1);
    expect(other.chunks.join("")).toContain('"n":1');
    expect(crowd.every((client) => client.chunks.length === 0)).toBe(true);

    fake.calls.eventsSince = 0;
    fake.publish("crowd", { n: 2 });
    await settle();
    expect(fake.calls.eventsSince).toBe(1);
    expect(crowd.every((client) => client.chunks.join("").includes('"n":2'))).toBe(true);
    await hub.close();
  });

  it("ends a member's stream in a team's workspace when they leave it, and only theirs", async () => {
    const fake = fakeStore();
    const hub = new EventStreamHub(fake.store, { perUser: 10, perIp: 100, heartbeatMs: 60_000 });
    await hub.start();
    fake.liveHashes.add("ann-session").add("bob-session");
    fake.members.add("tm_1:ann").add("tm_1:bob");
    const ann = recordingClient();
    const bob = recordingClient();
    const annOwn = recordingClient();
    hub.open({ userId: "tm_1", memberId: "ann", sessionHash: "ann-session", ip: "10.0.0.1" }, ann).start(0);
    hub.open({ userId: "tm_1", memberId: "bob", sessionHash: "bob-session", ip: "10.0.0.2" }, bob).start(0);
    hub.open({ userId: "ann", sessionHash: "ann-session", ip: "10.0.0.1" }, annOwn).start(0);
    await settle();
    fake.publish("tm_1", { n: 1 });
    await settle();
    expect(ann.chunks.join("")).toContain('"n":1');
    expect(bob.chunks.join("")).toContain('"n":1');

    // Bob is removed: the team's id is announced, and his stream there ends before anything more.
    fake.members.delete("tm_1:bob");
    fake.endSessions("tm_1");
    fake.publish("tm_1", { n: 2 });
    await settle();
    expect(bob.ended).toBe(true);
    expect(bob.chunks.join("")).not.toContain('"n":2');
    expect(ann.ended).toBe(false);
    expect(ann.chunks.join("")).toContain('"n":2');

    // Ann signs out: her own stream and her stream in the team both end.
    fake.liveHashes.delete("ann-session");
    fake.endSessions("ann");
    await settle();
    expect(annOwn.ended).toBe(true);
    expect(ann.ended).toBe(true);
    await hub.close();
  });

  it("gives each person watching a team's workspace their own places under the cap", async () => {
    const fake = fakeStore();
    const hub = new EventStreamHub(fake.store, { perUser: 2, perIp: 100, heartbeatMs: 60_000 });
    await hub.start();
    fake.liveHashes.add("s");
    for (const member of ["ann", "bob"])
      for (let i = 0; i < 2; i++)
        hub.open(
          { userId: "tm_1", memberId: member, sessionHash: `${member}-${i}`, ip: "10.0.0.1" },
          recordingClient(),
        );
    // Two people in one team each have their own two places; a third for Ann is refused.
    expect(() =>
      hub.open({ userId: "tm_1", memberId: "ann", sessionHash: "ann-2", ip: "10.0.0.1" }, recordingClient()),
    ).toThrow(AppError);
    await hub.close();
  });

  it("checks every open stream's session with one query per heartbeat", async () => {
    vi.useFakeTimers();
    const fake = fakeStore();
    const hub = new EventStreamHub(fake.store, { perUser: 10, perIp: 1_000, heartbeatMs: 1_000 });
    await hub.start();
    const clients = Array.from({ length: 200 }, (_, i) => {
      const client = recordingClient();
      fake.liveHashes.add(`s${i}`);
      hub.open({ userId: `u${i}`, sessionHash: `s${i}`, ip: "10.0.0.1" }, client).start(0);
      return client;
    });
    await vi.advanceTimersByTimeAsync(0);
    fake.calls.liveSessions = 0;
    fake.liveHashes.delete("s7");
    await vi.advanceTimersByTimeAsync(1_000);
    expect(fake.calls.liveSessions).toBe(1);
    expect(clients.filter((client) => client.ended)).toEqual([clients[7]]);
    expect(clients[0]!.chunks).toContain(": keep-alive\n\n");
    // A stream still waiting for its place (its headers not yet written) is sent nothing.
    const waiting = recordingClient();
    fake.liveHashes.add("waiting");
    hub.open({ userId: "u-waiting", sessionHash: "waiting", ip: "10.0.0.1" }, waiting);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(waiting.chunks).toEqual([]);
    expect(clients[0]!.chunks.filter((chunk) => chunk === ": keep-alive\n\n")).toHaveLength(2);
    await hub.close();
  });

  it("settles an announced session end before it delivers the next event", async () => {
    const fake = fakeStore();
    const hub = new EventStreamHub(fake.store);
    await hub.start();
    fake.liveHashes.add("gone").add("kept");
    const signedOut = recordingClient();
    const stillIn = recordingClient();
    hub.open({ userId: "u", sessionHash: "gone", ip: "10.0.0.1" }, signedOut).start(0);
    hub.open({ userId: "u", sessionHash: "kept", ip: "10.0.0.1" }, stillIn).start(0);
    await settle();

    fake.liveHashes.delete("gone");
    fake.endSessions("u");
    fake.publish("u", { after: true });
    await settle();
    expect(signedOut.ended).toBe(true);
    expect(signedOut.chunks.join("")).not.toContain("after");
    expect(stillIn.chunks.join("")).toContain("after");
    expect(hub.size).toBe(1);
    await hub.close();
  });

  it("refuses a stream over the user's or the address's cap, and frees the place on close", async () => {
    const fake = fakeStore();
    const hub = new EventStreamHub(fake.store, { perUser: 2, perIp: 3, heartbeatMs: 60_000 });
    const open = (userId: string, ip: string) => hub.open({ userId, sessionHash: userId, ip }, recordingClient());
    const first = open("a", "1.1.1.1");
    open("a", "1.1.1.2");
    expect(() => open("a", "1.1.1.3")).toThrow(AppError);
    first.close();
    first.close();
    open("a", "1.1.1.3");
    open("b", "9.9.9.9");
    open("c", "9.9.9.9");
    open("d", "9.9.9.9");
    expect(() => open("e", "9.9.9.9")).toThrow(/network address/);
    expect(hub.size).toBe(5);
  });

  it("refuses before any database work when the session or the address is already full", () => {
    const fake = fakeStore();
    const hub = new EventStreamHub(fake.store, { perUser: 2, perIp: 3, heartbeatMs: 60_000 });
    const input = { userId: "a", sessionHash: "s", ip: "1.1.1.1" };
    hub.refuseEarly(input);
    hub.open(input, recordingClient());
    hub.open({ ...input, ip: "1.1.1.2" }, recordingClient());
    expect(() => hub.refuseEarly({ sessionHash: "s", ip: "5.5.5.5" })).toThrow(/account/);
    hub.open({ userId: "b", sessionHash: "t", ip: "1.1.1.1" }, recordingClient());
    hub.open({ userId: "c", sessionHash: "v", ip: "1.1.1.1" }, recordingClient());
    expect(() => hub.refuseEarly({ sessionHash: "u", ip: "1.1.1.2" })).not.toThrow();
    expect(() => hub.refuseEarly({ sessionHash: "u", ip: "1.1.1.1" })).toThrow(/network address/);
    expect(fake.calls).toEqual({ eventsSince: 0, liveSessions: 0, memberships: 0 });
  });
});
