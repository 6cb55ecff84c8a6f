import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isPublicAddress, type WebhookNetwork } from "../net/address-policy.server";
import { postWebhook } from "./post-webhook.server";

describe("posting one webhook", () => {
  let server: Server;
  let port: number;
  const seen: { path: string; host?: string }[] = [];
  let resolutions = 0;
  /** `receiver.test` is this test's server on loopback, allowed here only; DNS is counted. */
  const network: WebhookNetwork = {
    async resolve(hostname) {
      resolutions++;
      if (hostname !== "receiver.test") throw Object.assign(new Error("not found"), { code: "ENOTFOUND" });
      return [{ address: "127.0.0.1", family: 4 }];
    },
    allows: (address) => address === "127.0.0.1" || isPublicAddress(address),
  };

  beforeAll(async () => {
    server = createServer((req, res) => {
      seen.push({ path: req.url ?? "", host: req.headers.host });
      const status = Number(req.url?.slice(1));
      // "/stall" sends nothing: the client must give up on its own.
      if (req.url === "/stall") return;
      // "/chatty" answers a long body, then never ends it: only its start is read.
      if (req.url === "/chatty") return void res.writeHead(200).write("€".repeat(3000));
      if (req.url === "/explain") return void res.writeHead(400).end("missing field: event");
      res.writeHead(Number.isInteger(status) ? status : 200).end();
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  const post = (path: string, timeoutMs = 5_000) =>
    postWebhook({ url: `http://receiver.test:${port}${path}`, body: "{}", headers: {}, network, timeoutMs });

  it("connects to the address it checked, resolving the name once, and keeps the name as the Host", async () => {
    resolutions = 0;
    expect(await post("/204")).toEqual({ outcome: "delivered", status: 204, response: null });
    // receiver.test is in no real DNS: had the client looked it up again, this could not have connected.
    expect(resolutions).toBe(1);
    expect(seen.at(-1)).toEqual({ path: "/204", host: `receiver.test:${port}` });
  });

  it("says to retry on 429, 5xx, no answer and a host not found, and to stop on other 4xx and 3xx", async () => {
    expect(await post("/429")).toMatchObject({ outcome: "retry", status: 429 });
    expect(await post("/502")).toMatchObject({ outcome: "retry", status: 502 });
    expect(await post("/stall", 300)).toEqual({
      outcome: "retry",
      status: null,
      response: null,
      error: "No answer within 0.3 seconds.",
    });
    expect(await post("/404")).toMatchObject({ outcome: "stop", status: 404 });
    expect(await post("/301")).toMatchObject({ outcome: "stop", status: 301 });
    const missing = await postWebhook({ url: "https://gone.test/x", body: "{}", headers: {}, network });
    expect(missing).toEqual({
      outcome: "retry",
      status: null,
      response: null,
      error: "The host gone.test could not be found.",
    });
  });

  it("keeps the start of the receiver's answer, never reading past 1 KB", async () => {
    expect(await post("/explain")).toMatchObject({ outcome: "stop", status: 400, response: "missing field: event" });
    const chatty = await post("/chatty", 2_000);
    expect(chatty).toMatchObject({ outcome: "delivered", status: 200 });
    // 1,024 bytes of three-byte characters: 341 whole ones; the one cut in two is dropped.
    expect(chatty.response).toBe("€".repeat(341));
  });

  it("stops, without connecting, for a private address", async () => {
    const before = seen.length;
    const refused = await postWebhook({ url: `http://10.0.0.1:${port}/`, body: "{}", headers: {}, network });
    expect(refused).toMatchObject({ outcome: "stop", status: null });
    expect(seen.length).toBe(before);
  });
});
