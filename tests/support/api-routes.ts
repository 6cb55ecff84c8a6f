import type { Router } from "express";

export interface ApiRoute {
  method: string;
  /** The Express path pattern, e.g. "/api/objects/:id/variations". */
  path: string;
}

interface Layer {
  rawPath?: string;
  route?: { path: string; methods: Record<string, boolean> };
  handle: { stack?: Layer[] };
}

const join = (base: string, rest: string) => `${base}/${rest}`.replace(/\/+/g, "/").replace(/(.)\/$/, "$1");

/** Every route a router (and the routers mounted in it) answers: so a new route is walked without listing it. */
export function listRoutes(router: Router, base = "/api"): ApiRoute[] {
  const routes: ApiRoute[] = [];
  for (const layer of (router as unknown as { stack: Layer[] }).stack) {
    if (layer.route) {
      for (const method of Object.keys(layer.route.methods)) {
        routes.push({ method: method.toUpperCase(), path: join(base, layer.route.path) });
      }
    } else if (layer.handle.stack) {
      routes.push(...listRoutes(layer.handle as unknown as Router, join(base, layer.rawPath ?? "/")));
    }
  }
  return routes;
}

/** The route's path with each `:param` replaced. */
export function fillPath(path: string, value: (param: string) => string): string {
  return path.replace(/:(\w+)/g, (_m, name: string) => value(name));
}
