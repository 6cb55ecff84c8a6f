import { describe, expect, it } from "vitest";
import { ConfigError, parseConfig } from "./config.server";

describe("parseConfig", () => {
  it("runs on embedded defaults with an empty environment", () => {
    const config = parseConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: "0.0.0.0",
      dataDir: "./data",
      databaseUrl: undefined,
      publicUrl: "http://localhost:3000",
      publicUrlSet: false,
      worker: true,
      isProduction: false,
    });
  });

  it("reads PORT, HOST, PUBLIC_URL and DATABASE_URL", () => {
    const config = parseConfig({
      PORT: "8080",
      HOST: "127.0.0.1",
      PUBLIC_URL: "https://motif.example/some/path",
      DATABASE_URL: "postgres://u@db:5432/motif",
      NODE_ENV: "production",
      WORKER: "off",
    });
    expect(config).toMatchObject({
      port: 8080,
      host: "127.0.0.1",
      publicUrl: "https://motif.example",
      publicUrlSet: true,
      databaseUrl: "postgres://u@db:5432/motif",
      isProduction: true,
      worker: false,
    });
  });

  it("treats an empty DATABASE_URL or PUBLIC_URL as unset", () => {
    expect(parseConfig({ DATABASE_URL: "" }).databaseUrl).toBeUndefined();
    expect(parseConfig({ PUBLIC_URL: "", PORT: "8080" })).toMatchObject({
      publicUrl: "http://localhost:8080",
      publicUrlSet: false,
    });
  });

  it("names every bad variable", () => {
    let error: unknown;
    try {
      parseConfig({ PORT: "seventy", DATABASE_URL: "mysql://x", PUBLIC_URL: "ftp://x", LOG_LEVEL: "loud" });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as ConfigError).message;
    for (const name of ["PORT", "DATABASE_URL", "PUBLIC_URL", "LOG_LEVEL"]) expect(message).toContain(name);
  });

  it("gives one user at most half the worker's slots unless told otherwise, and never more than all", () => {
    expect(parseConfig({}).generation).toMatchObject({ concurrency: 4, perUserConcurrency: 2, timeoutMs: 120_000 });
    expect(parseConfig({ PROVIDER_CONCURRENCY: "5" }).generation.perUserConcurrency).toBe(3);
    expect(parseConfig({ PROVIDER_CONCURRENCY: "1" }).generation.perUserConcurrency).toBe(1);
    expect(
      parseConfig({ PROVIDER_CONCURRENCY: "8", PROVIDER_CONCURRENCY_PER_USER: "7" }).generation.perUserConcurrency,
    ).toBe(7);
    expect(() => parseConfig({ PROVIDER_CONCURRENCY: "2", PROVIDER_CONCURRENCY_PER_USER: "3" })).toThrow(
      "PROVIDER_CONCURRENCY_PER_USER: must not be more than PROVIDER_CONCURRENCY",
    );
  });
});

describe("federated providers", () => {
  it("offers a provider only when both its client id and secret are set", async () => {
    const { configuredProviders } = await import("./auth/oauth-providers.server");
    expect(configuredProviders(parseConfig({}))).toEqual([]);
    expect(configuredProviders(parseConfig({ GOOGLE_CLIENT_ID: "id" }))).toEqual([]);
    expect(
      configuredProviders(
        parseConfig({
          GOOGLE_CLIENT_ID: "g",
          GOOGLE_CLIENT_SECRET: "s",
          TWITTER_CLIENT_ID: "t",
          TWITTER_CLIENT_SECRET: "s",
        }),
      ),
    ).toEqual(["google", "twitter"]);
  });

  it("reads ADMIN_EMAILS as a lower-case list, and names a bad address", () => {
    expect(parseConfig({}).adminEmails).toEqual([]);
    expect(parseConfig({ ADMIN_EMAILS: " Ops@Example.com, b@example.com ," }).adminEmails).toEqual([
      "ops@example.com",
      "b@example.com",
    ]);
    expect(() => parseConfig({ ADMIN_EMAILS: "ops@example.com, not-an-address" })).toThrow(/ADMIN_EMAILS/);
  });
});

describe("event stream settings", () => {
  it("caps streams at 10 per user and 50 per address, with a keep-alive and session check every 20 s", () => {
    expect(parseConfig({}).eventStreams).toEqual({ perUser: 10, perIp: 50, heartbeatMs: 20_000 });
    expect(
      parseConfig({ EVENT_STREAMS_PER_USER: "3", EVENT_STREAMS_PER_IP: "7", EVENT_STREAM_HEARTBEAT_SECONDS: "5" })
        .eventStreams,
    ).toEqual({ perUser: 3, perIp: 7, heartbeatMs: 5_000 });
    expect(() => parseConfig({ EVENT_STREAMS_PER_USER: "0" })).toThrow(ConfigError);
  });
});
