import type { EntryContext, ServerBuild } from "react-router";
import { describe, expect, it } from "vitest";
import { matchRoutes } from "react-router";
import {
  fromTransfer,
  matchPath,
  prepareBuild,
  replayHandoff,
  settledHandoff,
  toTransfer,
} from "./render-transfer.server";

const encoder = new TextEncoder();

function streamOf(...texts: string[]): ReadableStream<Uint8Array> {
  return new ReadableStream({
    start(controller) {
      for (const text of texts) controller.enqueue(encoder.encode(text));
      controller.close();
    },
  });
}

async function textOf(stream: ReadableStream<Uint8Array> | undefined): Promise<string> {
  return new Response(stream).text();
}

/** An entry context for /app/object/o1 as React Router hands it to the entry (the parts a transfer reads). */
function contextFor(): EntryContext {
  const match = (id: string, pathname: string, params = {}) => ({
    params,
    pathname,
    pathnameBase: pathname,
    route: { id, path: "ignored", loader: () => null },
  });
  return {
    staticHandlerContext: {
      basename: "/",
      location: { pathname: "/app/object/o1", search: "", hash: "", state: null, key: "default" },
      matches: [match("root", "/"), match("layouts/app", "/"), match("routes/object", "/app/object/o1", { id: "o1" })],
      loaderData: { root: { colourMode: "dark" }, "routes/object": { object: { id: "o1" } } },
      actionData: null,
      errors: null,
      statusCode: 200,
      loaderHeaders: {},
      actionHeaders: {},
      _deepestRenderedBoundaryId: null,
    },
    serverHandoffString: '{"basename":"/"}',
    serverHandoffStream: streamOf("[1,", "2]"),
    isSpaMode: false,
  } as unknown as EntryContext;
}

/** A build with a root, a pathless layout under it and two pages under that. */
const build = {
  routes: {
    root: { id: "root", path: "", module: { default: "Root" } },
    "layouts/app": { id: "layouts/app", parentId: "root", module: { default: "Shell" } },
    "routes/app": { id: "routes/app", parentId: "layouts/app", path: "app", module: { default: "Create" } },
    "routes/object": {
      id: "routes/object",
      parentId: "layouts/app",
      path: "app/object/:id",
      module: { default: "Object" },
    },
  },
  assets: { version: "v1" },
  future: {},
  ssr: true,
  routeDiscovery: { mode: "lazy", manifestPath: "/__manifest" },
} as unknown as ServerBuild;

describe("a render transfer", () => {
  it("carries the matched routes by id, the loader data and the handoff read to its end", async () => {
    const transfer = await toTransfer(contextFor(), "http://m.test/app/object/o1", 200);
    expect(transfer.matches).toEqual([
      { params: {}, pathname: "/", pathnameBase: "/", routeId: "root" },
      { params: {}, pathname: "/", pathnameBase: "/", routeId: "layouts/app" },
      { params: { id: "o1" }, pathname: "/app/object/o1", pathnameBase: "/app/object/o1", routeId: "routes/object" },
    ]);
    expect(transfer.loaderData["routes/object"]).toEqual({ object: { id: "o1" } });
    expect(transfer.handoff).toBe("[1,2]");
    // What crosses to a thread is copied by structured clone: nothing in it may be a function.
    expect(structuredClone(transfer)).toEqual(transfer);
  });

  it("gives the handoff's bytes again, for a render where the context is", async () => {
    const transfer = await toTransfer(contextFor(), "http://m.test/app/object/o1", 200);
    expect(await textOf(replayHandoff(transfer))).toBe("[1,2]");
    expect(await textOf(replayHandoff(transfer))).toBe("[1,2]");
  });

  it("makes the entry context again from the thread's build: modules, matches and paths matched", async () => {
    const transfer = await toTransfer(contextFor(), "http://m.test/app/object/o1", 200);
    const context = fromTransfer(prepareBuild(build), transfer);
    expect(context.routeModules["routes/object"]).toEqual({ default: "Object" });
    expect(context.staticHandlerContext.matches.map((match) => match.route.id)).toEqual([
      "root",
      "layouts/app",
      "routes/object",
    ]);
    expect(context.staticHandlerContext.loaderData).toEqual(transfer.loaderData);
    expect(await textOf(context.serverHandoffStream)).toBe("[1,2]");
    // Every read of the handoff is settled before the render starts, so nothing suspends on it.
    const reads = context.renderMeta?.streamCache ?? {};
    expect(reads[0]?.result).toEqual({ done: false, value: "[1,2]" });
    expect(reads[1]?.result).toEqual({ done: true, value: "" });
    // React Router matches the page's parent paths when it lists the routes a page may reach next.
    const ids = (path: string) => context.staticHandlerContext._match(path)?.map((match) => match.route.id);
    expect(ids("/app")).toEqual(["root", "layouts/app", "routes/app"]);
    expect(ids("/app/object/o2")).toEqual(["root", "layouts/app", "routes/object"]);
    expect(ids("/nowhere")).toBeUndefined();
  });

  it("settles an empty handoff as its end at once", () => {
    expect(Object.values(settledHandoff("")).map((read) => read.result)).toEqual([{ done: true, value: "" }]);
  });

  it("matches a path once and answers it again from memory, with what React Router's matching gives, within a bound", () => {
    const prepared = prepareBuild(build);
    const first = matchPath(prepared, "/app/object/o1", "/");
    expect(first).toEqual(matchRoutes(prepared.tree, "/app/object/o1", "/"));
    expect(first?.at(-1)?.params).toEqual({ id: "o1" });
    expect(matchPath(prepared, "/app/object/o1", "/")).toBe(first);
    expect(matchPath(prepared, "/nowhere", "/")).toBeNull();
    expect(matchPath(prepared, "/nowhere", "/")).toBeNull();
    // Another base is another answer: under /motif, /app is nothing.
    expect(matchPath(prepared, "/app", "/motif")).toBeNull();
    for (let n = 0; n < 1_500; n++) matchPath(prepared, `/app/object/o${n}`, "/");
    expect(prepared.matched.size).toBeLessThanOrEqual(1_000);
    expect(matchPath(prepared, "/app/object/o1499", "/")?.at(-1)?.params).toEqual({ id: "o1499" });
  });
});
