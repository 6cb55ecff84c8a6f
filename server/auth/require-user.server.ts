import { createContext, redirect, type MiddlewareFunction } from "react-router";
import { servicesContext } from "../context";
import { getSessionUser, type SessionUser } from "./session.server";

export const userContext = createContext<SessionUser>();

/**
 * The auth check for /app routes: anonymous visitors go to /auth/login,
 * remembering where they wanted to go. Runs before any child loader.
 */
export const requireUserMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const user = await getSessionUser({ request, services: context.get(servicesContext) });
  if (!user) {
    const url = new URL(request.url);
    const wanted = `${url.pathname}${url.search}`;
    const target = wanted === "/app" ? "/auth/login" : `/auth/login?redirectTo=${encodeURIComponent(wanted)}`;
    throw redirect(target);
  }
  context.set(userContext, user);
  return next();
};
