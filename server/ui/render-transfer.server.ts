import {
  matchRoutes,
  type EntryContext,
  type Location,
  type Params,
  type RouteObject,
  type ServerBuild,
} from "react-router";
import { streamOfChunks } from "./chunk-stream.server";

/**
 * What a document's render follows from, as plain data that crosses to a render thread: the
 * address, the matched routes by id, their loaders' data (plain for every page with a render key)
 * and React Router's handoff, its loader-data stream read to its end as one text. The thread has
 * the same build, so the routes' modules, the manifest and the handoff's settings come from there.
 */
export interface RenderTransfer {
  url: string;
  status: number;
  basename: string | undefined;
  location: Location;
  matches: { params: Params; pathname: string; pathnameBase: string; routeId: string }[];
  loaderData: Record<string, unknown>;
  statusCode: number;
  deepestRenderedBoundaryId: string | null | undefined;
  serverHandoffString: string | undefined;
  criticalCss: EntryContext["criticalCss"];
  isSpaMode: boolean;
  handoff: string;
}

/**
 * The transfer for a document without errors or action data. Reads the context's handoff stream
 * to its end: to render the context where it is after all, give it `replayHandoff(transfer)`.
 */
export async function toTransfer(context: EntryContext, url: string, status: number): Promise<RenderTransfer> {
  const handoff = context.serverHandoffStream ? await readText(context.serverHandoffStream) : "";
  const handler = context.staticHandlerContext;
  return {
    url,
    status,
    basename: handler.basename,
    location: handler.location,
    matches: handler.matches.map((match) => ({
      params: match.params,
      pathname: match.pathname,
      pathnameBase: match.pathnameBase,
      routeId: match.route.id,
    })),
    loaderData: handler.loaderData,
    statusCode: handler.statusCode,
    deepestRenderedBoundaryId: handler._deepestRenderedBoundaryId,
    serverHandoffString: context.serverHandoffString,
    criticalCss: context.criticalCss,
    isSpaMode: context.isSpaMode,
    handoff,
  };
}

type BuildRoute = NonNullable<ServerBuild["routes"][string]>;
type RouteNode = RouteObject & { children?: RouteNode[] };

type Match = ReturnType<EntryContext["staticHandlerContext"]["_match"]>;

/** What a render thread reads from its build once: the build, its routes' modules and their tree. */
export interface PreparedBuild {
  build: ServerBuild;
  routeModules: EntryContext["routeModules"];
  tree: RouteNode[];
  /** Paths already matched against the tree (see `matchPath`). */
  matched: Map<string, Match>;
}

export function prepareBuild(build: ServerBuild): PreparedBuild {
  const routeModules = Object.fromEntries(Object.entries(build.routes).map(([id, route]) => [id, route?.module]));
  return {
    build,
    routeModules: routeModules as EntryContext["routeModules"],
    tree: routeTree(build.routes),
    matched: new Map(),
  };
}

/** Paths kept matched; past this many the memory starts again (a page's ancestors are few). */
const MATCHED_PATHS = 1_000;

/**
 * The routes a path matches. React Router asks for the page's path and each of its ancestors on
 * every render (to list in the page the routes it may reach next), and `matchRoutes` flattens and
 * ranks the whole tree each time — a tenth of a render; the tree never changes, so neither does
 * a path's answer, which React Router only reads.
 */
export function matchPath(prepared: PreparedBuild, location: Parameters<typeof matchRoutes>[1], basename?: string) {
  if (typeof location !== "string") return matchRoutes(prepared.tree, location, basename) as Match;
  const key = `${basename ?? ""}\0${location}`;
  let matches = prepared.matched.get(key);
  if (matches === undefined) {
    matches = matchRoutes(prepared.tree, location, basename) as Match;
    if (prepared.matched.size >= MATCHED_PATHS) prepared.matched.clear();
    prepared.matched.set(key, matches);
  }
  return matches;
}

/** The build's routes as the tree React Router matches paths against (ids, paths, nesting only). */
function routeTree(routes: ServerBuild["routes"]): RouteNode[] {
  const all = Object.values(routes).filter((route): route is BuildRoute => route !== undefined);
  const nodes = new Map<string, RouteNode>(
    all.map((route) => [
      route.id,
      { id: route.id, path: route.path, index: route.index, caseSensitive: route.caseSensitive } as RouteNode,
    ]),
  );
  const roots: RouteNode[] = [];
  for (const route of all) {
    const node = nodes.get(route.id)!;
    const parent = route.parentId ? nodes.get(route.parentId) : undefined;
    if (parent) (parent.children ??= []).push(node);
    else roots.push(node);
  }
  return roots;
}

/** The entry context React Router would have handed the entry for this transfer, from the thread's own build. */
export function fromTransfer(prepared: PreparedBuild, transfer: RenderTransfer): EntryContext {
  const { build, routeModules } = prepared;
  return {
    manifest: build.assets,
    branches: [],
    routeModules,
    staticHandlerContext: {
      basename: transfer.basename,
      location: transfer.location,
      matches: transfer.matches.map((match) => ({
        params: match.params,
        pathname: match.pathname,
        pathnameBase: match.pathnameBase,
        // The static router finds each route by its id in the tree it builds.
        route: { id: match.routeId } as EntryContext["staticHandlerContext"]["matches"][number]["route"],
      })),
      loaderData: transfer.loaderData,
      actionData: null,
      errors: null,
      statusCode: transfer.statusCode,
      loaderHeaders: {},
      actionHeaders: {},
      _deepestRenderedBoundaryId: transfer.deepestRenderedBoundaryId,
      _match: (location) => matchPath(prepared, location, transfer.basename),
    },
    criticalCss: transfer.criticalCss,
    serverHandoffString: transfer.serverHandoffString,
    serverHandoffStream: replayHandoff(transfer),
    renderMeta: { streamCache: settledHandoff(transfer.handoff) },
    future: build.future,
    ssr: build.ssr,
    routeDiscovery: build.routeDiscovery,
    isSpaMode: transfer.isSpaMode,
    // As React Router serialises an error outside development: its message and stack withheld.
    serializeError: () => ({ message: "Unexpected Server Error", stack: undefined }),
  };
}

async function readText(stream: ReadableStream<Uint8Array>): Promise<string> {
  const chunks: Uint8Array[] = [];
  for await (const chunk of stream) chunks.push(chunk);
  return Buffer.concat(chunks).toString("utf8");
}

/** The handoff stream a transfer was read from, again: the same bytes, in one chunk. */
export function replayHandoff(transfer: RenderTransfer): ReadableStream<Uint8Array> {
  return streamOfChunks(transfer.handoff ? [Buffer.from(transfer.handoff)] : []);
}

/** A read of the handoff as React Router's `StreamTransfer` keeps it: settled, with its result. */
type SettledRead = Promise<void> & { result: { done: boolean; value: string } };

const settledRead = (done: boolean, value: string): SettledRead =>
  Object.assign(Promise.resolve(), { result: { done, value } });

/**
 * The handoff as `StreamTransfer` would have read it, every read already settled: the whole text,
 * then the end. It reads the stream one chunk at a time, suspending the render at each and
 * rendering the rest again when the chunk arrives; with every read in its cache the document
 * renders in one pass, with the same scripts (the browser's decoder reads lines, not chunks).
 */
export function settledHandoff(handoff: string): Record<number, SettledRead> {
  return handoff ? { 0: settledRead(false, handoff), 1: settledRead(true, "") } : { 0: settledRead(true, "") };
}
