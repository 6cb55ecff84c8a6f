import express from "express";
import type { AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import { requestDuration, requestMetrics } from "./metrics.server";

/** The number of requests timed for one route. */
async function timedCount(route: string): Promise<number> {
  const { values } = await requestDuration.get();
  return values.find((v) => v.metricName?.endsWith("_count") && v.labels.route === route)?.value ?? 0;
}

describe("request metrics", () => {
  it("times a request once even when mounted twice (before the public page cache and in the app)", async () => {
    const app = express();
    app.use(requestMetrics());
    app.use(requestMetrics());
    app.get("/timed-once", (_req, res) => {
      res.send("ok");
    });
    const server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    try {
      const before = await timedCount("/timed-once");
      const response = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/timed-once`);
      expect(await response.text()).toBe("ok");
      await expect.poll(() => timedCount("/timed-once")).toBe(before + 1);
    } finally {
      server.close();
    }
  });
});
