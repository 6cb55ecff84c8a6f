import { describe, expect, it } from "vitest";
import { ConfigError } from "./config.server";
import { parseConfig } from "./configuration.server";

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
      renderThread: true,
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
      RENDER_THREAD: "off",
    });
    expect(config).toMatchObject({
      port: 8080,
      host: "127.0.0.1",
      publicUrl: "https://motif.example",
      publicUrlSet: true,
      databaseUrl: "postgres://u@db:5432/motif",
      isProduction: true,
      worker: false,
      renderThread: false,
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

  it("refuses a model address no request could reach: another scheme, or a port fetch blocks", () => {
    const attempt = (env: Record<string, string>) => {
      try {
        parseConfig(env);
        return "";
      } catch (error) {
        return (error as ConfigError).message;
      }
    };
    const blocked = attempt({
      IMAGE_PROVIDERS: "openai",
      OPENAI_API_KEY: "sk-x",
      OPENAI_BASE_URL: "http://127.0.0.1:9/v1",
    });
    expect(blocked).toContain("OPENAI_BASE_URL");
    expect(blocked).toContain('port 9, which fetch refuses to connect to (a blocked "bad port")');
    const scheme = attempt({ IMAGE_PROVIDERS: "comfyui", COMFYUI_URL: "ws://gpu-box:8188" });
    expect(scheme).toContain("COMFYUI_URL");
    expect(scheme).toContain("must be an http:// or https:// address (it is ws://)");
    for (const variable of ["GEMINI_BASE_URL", "FAL_BASE_URL"]) {
      expect(attempt({ [variable]: "http://proxy.internal:6667" })).toContain(variable);
    }
    expect(
      attempt({ IMAGE_PROVIDERS: "openai", OPENAI_API_KEY: "sk-x", OPENAI_BASE_URL: "http://127.0.0.1:8080/v1" }),
    ).toBe("");
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

describe("selling credits with Stripe", () => {
  const stripe = { STRIPE_SECRET_KEY: "sk_test_abc123", STRIPE_WEBHOOK_SECRET: "whsec_abc123" };
  const message = (env: Record<string, string>) => {
    try {
      parseConfig(env);
      return "";
    } catch (error) {
      return (error as ConfigError).message;
    }
  };

  it("is off without keys, and reads the packs, keys and API address when set", () => {
    expect(parseConfig({}).billing).toBeUndefined();
    expect(parseConfig({ CREDIT_PACKS: "100:5.00:usd" }).billing).toBeUndefined();
    expect(
      parseConfig({
        ...stripe,
        CREDIT_PACKS: "100:5:usd, 500:20.5:EUR ,1000:1500:jpy",
        STRIPE_API_BASE: "http://127.0.0.1:12111",
      }).billing,
    ).toEqual({
      secretKey: "sk_test_abc123",
      webhookSecret: "whsec_abc123",
      api: { host: "127.0.0.1", port: 12111, protocol: "http" },
      packs: [
        { id: "100-usd", credits: 100, amount: 500, currency: "usd" },
        { id: "500-eur", credits: 500, amount: 2050, currency: "eur" },
        { id: "1000-jpy", credits: 1000, amount: 1500, currency: "jpy" },
      ],
    });
    expect(parseConfig({ ...stripe, CREDIT_PACKS: "1:1:usd" }).billing?.api).toEqual({});
  });

  it("refuses to start with one key, no packs, or a bad pack, naming the variable", () => {
    expect(message({ STRIPE_SECRET_KEY: "sk_test_abc123", CREDIT_PACKS: "1:1:usd" })).toMatch(
      /STRIPE_WEBHOOK_SECRET: is required when STRIPE_SECRET_KEY is set/,
    );
    expect(message({ STRIPE_WEBHOOK_SECRET: "whsec_abc", CREDIT_PACKS: "1:1:usd" })).toMatch(
      /STRIPE_SECRET_KEY: is required when STRIPE_WEBHOOK_SECRET is set/,
    );
    expect(message(stripe)).toMatch(/CREDIT_PACKS: is required when Stripe is configured/);
    expect(message({ ...stripe, STRIPE_SECRET_KEY: "pk_test_abc", CREDIT_PACKS: "1:1:usd" })).toMatch(
      /STRIPE_SECRET_KEY: must be a Stripe secret key/,
    );
    expect(message({ ...stripe, STRIPE_WEBHOOK_SECRET: "abc", CREDIT_PACKS: "1:1:usd" })).toMatch(
      /STRIPE_WEBHOOK_SECRET: must be the webhook endpoint's signing secret/,
    );
    expect(message({ ...stripe, CREDIT_PACKS: "1:1:usd", STRIPE_API_BASE: "ftp://x" })).toMatch(/STRIPE_API_BASE/);
    for (const [packs, why] of [
      ["100:5.00", "needs three parts"],
      ["0:5.00:usd", "whole number from 1"],
      ["1.5:5.00:usd", "whole number from 1"],
      ["100:5.001:usd", "at most two decimals"],
      ["100:-5:usd", "at most two decimals"],
      ["100:0:usd", "more than zero"],
      ["100:5.50:jpy", "JPY prices are whole numbers"],
      ["100:5:xyz", '"xyz" is not a currency code'],
      ["100:5:kwd", "KWD is not supported"],
      ["100:5:usd,100:6:usd", "same credits and currency"],
    ]) {
      expect(message({ ...stripe, CREDIT_PACKS: packs! })).toContain(`CREDIT_PACKS: `);
      expect({ packs, message: message({ ...stripe, CREDIT_PACKS: packs! }) }).toMatchObject({
        message: expect.stringContaining(why!),
      });
    }
  });

  it("takes the console's defaults from the environment, and refuses sign-up by domain with no domain", () => {
    expect(parseConfig({}).instance).toEqual({
      signupPolicy: "open",
      signupDomains: [],
      signupGrant: 100,
      announcement: "",
    });
    const set = parseConfig({
      SIGNUP_POLICY: "domains",
      SIGNUP_DOMAINS: "Studio.example, @class.example",
      SIGNUP_CREDITS: "25",
      ANNOUNCEMENT: " Welcome ",
    });
    expect(set.instance).toEqual({
      signupPolicy: "domains",
      signupDomains: ["studio.example", "class.example"],
      signupGrant: 25,
      announcement: "Welcome",
    });
    expect(() => parseConfig({ SIGNUP_POLICY: "domains" })).toThrow(/SIGNUP_DOMAINS: is required when SIGNUP_POLICY/);
    expect(() => parseConfig({ SIGNUP_POLICY: "closed" })).toThrow(/SIGNUP_POLICY/);
    expect(() => parseConfig({ SIGNUP_DOMAINS: "not a domain" })).toThrow(/SIGNUP_DOMAINS/);
  });
});
