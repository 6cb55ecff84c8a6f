import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { JEMALLOC_CONF, JEMALLOC_PATHS, mallocEnvironment } from "../../scripts/malloc-environment.mjs";

// A script that loads the tuning as server.mjs does and says what it runs with, and whether
// jemalloc is loaded into it.
const folder = mkdtempSync(join(tmpdir(), "malloc-tuning-"));
const probe = join(folder, "probe.mjs");
writeFileSync(
  probe,
  `import ${JSON.stringify(resolve("scripts/malloc-tuning.mjs"))};\n` +
    `import { readFileSync } from "node:fs";\n` +
    `const env = (name) => process.env[name] ?? null;\n` +
    `console.log(JSON.stringify({ pid: process.pid, argv: process.argv.slice(2), execArgv: process.execArgv, ` +
    `threshold: env("MALLOC_MMAP_THRESHOLD_"), arenas: env("MALLOC_ARENA_MAX"), preload: env("LD_PRELOAD"), ` +
    `conf: env("MALLOC_CONF"), jemallocLoaded: readFileSync("/proc/self/maps", "utf8").includes("libjemalloc") }));\n`,
);
afterAll(() => rmSync(folder, { recursive: true, force: true }));

const TUNED = ["MALLOC_MMAP_THRESHOLD_", "MALLOC_ARENA_MAX", "LD_PRELOAD", "MALLOC_CONF"];

function run(env: Record<string, string | undefined>) {
  const clean = { ...process.env };
  for (const name of TUNED) delete clean[name];
  const child = spawnSync(process.execPath, ["--max-semi-space-size=8", probe, "one", "two"], {
    env: { ...clean, ...env },
    encoding: "utf8",
  });
  expect(child.status, child.stderr).toBe(0);
  const seen = JSON.parse(child.stdout) as {
    pid: number;
    argv: string[];
    execArgv: string[];
    threshold: string | null;
    arenas: string | null;
    preload: string | null;
    conf: string | null;
    jemallocLoaded: boolean;
  };
  return { ...seen, childPid: child.pid };
}

describe("the malloc settings a server process wants", () => {
  const glibc = { MALLOC_MMAP_THRESHOLD_: "131072", MALLOC_ARENA_MAX: "2" };
  const only = (path: string) => (candidate: string) => candidate === path;

  it("preloads the first jemalloc found, keeping freed pages a quarter of a second", () => {
    expect(mallocEnvironment({}, only(JEMALLOC_PATHS[2]!))).toEqual({
      ...glibc,
      LD_PRELOAD: JEMALLOC_PATHS[2],
      MALLOC_CONF: JEMALLOC_CONF,
    });
    expect(JEMALLOC_CONF).toContain("dirty_decay_ms:250,muzzy_decay_ms:0");
  });

  it("tunes glibc alone where there is no jemalloc", () => {
    expect(mallocEnvironment({}, () => false)).toEqual(glibc);
  });

  it("keeps an operator's own preload, jemalloc settings and glibc values", () => {
    const any = () => true;
    expect(mallocEnvironment({ LD_PRELOAD: "" }, any)).toEqual(glibc);
    expect(mallocEnvironment({ LD_PRELOAD: "/opt/tcmalloc.so" }, any)).toEqual(glibc);
    expect(mallocEnvironment({ MALLOC_CONF: "narenas:4" }, any)).toMatchObject({ MALLOC_CONF: "narenas:4" });
    expect(mallocEnvironment({ MALLOC_MMAP_THRESHOLD_: "262144", MALLOC_ARENA_MAX: "4" }, () => false)).toEqual({
      MALLOC_MMAP_THRESHOLD_: "262144",
      MALLOC_ARENA_MAX: "4",
    });
  });
});

// Linux only: elsewhere the module does nothing.
if (process.platform === "linux")
  describe("a server process started on Linux", () => {
    const jemalloc = JEMALLOC_PATHS.find((path) => existsSync(path));

    it("restarts in place with the settings, keeping its pid, flags and arguments", () => {
      const seen = run({});
      expect(seen).toMatchObject({ threshold: "131072", arenas: "2", argv: ["one", "two"] });
      expect(seen.execArgv).toEqual(["--max-semi-space-size=8"]);
      expect(seen.pid).toBe(seen.childPid);
      // scripts/setup-machine.sh installs jemalloc; without it glibc's settings alone apply.
      expect(seen).toMatchObject(
        jemalloc
          ? { preload: jemalloc, conf: JEMALLOC_CONF, jemallocLoaded: true }
          : { preload: null, conf: null, jemallocLoaded: false },
      );
    });

    it.runIf(jemalloc)("runs jemalloc with every setting as written, none refused", () => {
      // jemalloc skips a setting it does not know with a warning and runs on; its statistics at
      // exit list the options in force.
      const child = spawnSync(process.execPath, ["-e", "0"], {
        env: { ...process.env, LD_PRELOAD: jemalloc, MALLOC_CONF: `${JEMALLOC_CONF},stats_print:true` },
        encoding: "utf8",
      });
      expect(child.stderr).not.toMatch(/Invalid conf/);
      for (const [name, value] of JEMALLOC_CONF.split(",").map((pair) => pair.split(":")))
        expect(child.stderr).toContain(`opt.${name}: ${value}`);
    });

    it("keeps an operator's own values", () => {
      expect(run({ MALLOC_MMAP_THRESHOLD_: "262144", MALLOC_ARENA_MAX: "4" })).toMatchObject({
        threshold: "262144",
        arenas: "4",
      });
      expect(run({ MALLOC_ARENA_MAX: "8" })).toMatchObject({ threshold: "131072", arenas: "8" });
      expect(run({ LD_PRELOAD: "" })).toMatchObject({ preload: "", conf: null, jemallocLoaded: false });
    });
  });
