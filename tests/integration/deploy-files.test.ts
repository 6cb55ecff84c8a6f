import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { configVariableNames, parseConfig } from "#server/configuration.server";
import { JEMALLOC_PATHS, mallocEnvironment } from "../../scripts/malloc-environment.mjs";
import { webProcessFlags } from "../support/web-process-flags";

interface ComposeService {
  image?: string;
  build?: string;
  command?: string[];
  environment?: Record<string, string>;
  deploy?: { replicas?: number };
  healthcheck?: { disable?: boolean };
  depends_on?: Record<string, unknown> | string[];
}

const compose = parse(readFileSync("compose.yaml", "utf8"), { merge: true }) as {
  services: Record<string, ComposeService>;
};
const dockerfile = readFileSync("Dockerfile", "utf8");

/** A compose value with its `${NAME:-default}` substitutions resolved to their defaults. */
const withDefaults = (value: string) => value.replace(/\$\{\w+:-([^}]*)\}/g, "$1");

describe("deploy files", () => {
  it("run the topology the cluster test proves: a proxy, two web processes, two workers and their services", () => {
    const { services } = compose;
    expect(Object.keys(services)).toEqual(
      expect.arrayContaining(["proxy", "web", "worker", "postgres", "minio", "bucket", "mailpit"]),
    );
    expect(services.web!.deploy?.replicas).toBe(2);
    expect(services.worker!.deploy?.replicas).toBe(2);
    expect(services.web!.environment?.WORKER).toBe("off");
    expect(services.worker!.environment?.WORKER).toBe("on");
    expect(services.worker!.command).toEqual(["node", "scripts/worker.mjs"]);
    expect(readFileSync("deploy/Caddyfile", "utf8")).toMatch(/dynamic a web 3000/);
  });

  it("set only variables Motif reads, with values its configuration accepts", () => {
    for (const name of ["web", "worker"]) {
      const environment = compose.services[name]!.environment!;
      const unknown = Object.keys(environment).filter((key) => !configVariableNames.includes(key));
      expect(unknown, `${name} sets variables Motif does not read`).toEqual([]);
      const resolved = Object.fromEntries(Object.entries(environment).map(([k, v]) => [k, withDefaults(String(v))]));
      const config = parseConfig(resolved);
      expect(config.databaseUrl).toMatch(/^postgres:\/\/motif:.+@postgres:5432\/motif$/);
      expect(config.storage.kind).toBe("s3");
      expect(config.mail.smtpUrl).toBe("smtp://mailpit:1025");
      expect(config.trustProxy).toBe(true);
    }
  });

  it("start a web process with the flags the tests and benchmarks use", () => {
    const { scripts } = JSON.parse(readFileSync("package.json", "utf8")) as { scripts: Record<string, string> };
    expect(scripts.start).toBe(`node ${webProcessFlags.join(" ")} scripts/start.mjs`);
    // The image gives some through NODE_OPTIONS (for every node it runs) and the rest on its
    // command line, since NODE_OPTIONS refuses --liftoff-only.
    const nodeOptions = /^\s*NODE_OPTIONS=(.*)$/m.exec(dockerfile)?.[1]?.split(" ") ?? [];
    const command = JSON.parse(/^CMD (\[.*\])$/m.exec(dockerfile)?.[1] ?? "[]") as string[];
    expect([command[0], command.at(-1)]).toEqual(["node", "server.mjs"]);
    expect([...nodeOptions, ...command.slice(1, -1)].sort()).toEqual([...webProcessFlags].sort());
    // malloc as scripts/malloc-tuning.mjs sets it for processes started otherwise: jemalloc,
    // installed and linked where it looks first, and glibc's values.
    const wanted = mallocEnvironment({}, (path) => path === JEMALLOC_PATHS[0]);
    expect(Object.keys(wanted)).toHaveLength(4);
    for (const [name, value] of Object.entries(wanted))
      expect(dockerfile.split("\n").map((line) => line.trim().replace(/ \\$/, ""))).toContain(`${name}=${value}`);
    expect(dockerfile).toMatch(/apt-get install -y --no-install-recommends libjemalloc2/);
    expect(dockerfile).toContain(`libjemalloc.so.2)" ${JEMALLOC_PATHS[0]}`);
  });

  it("build an image that runs as its own user, checks its health and keeps data in a volume", () => {
    expect(dockerfile).toMatch(/^FROM node:24[\w.-]* AS build$/m);
    expect(dockerfile.match(/^FROM /gm)).toHaveLength(2);
    expect(dockerfile).toMatch(/^USER node$/m);
    expect(dockerfile).toMatch(/^HEALTHCHECK .*\n\s+CMD .*\/healthz/m);
    expect(dockerfile).toMatch(/^VOLUME \["\/data"\]$/m);
    expect(dockerfile).toMatch(/npm prune --omit=dev/);
    expect(readFileSync(".dockerignore", "utf8").split("\n")).toEqual(
      expect.arrayContaining(["node_modules", "build", "data", ".git"]),
    );
  });
});
