import { createContext, redirect, type MiddlewareFunction } from "react-router";
import { loginPath } from "#domain/login-path";
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
    throw redirect(loginPath(`${url.pathname}${url.search}`));
  }
  context.set(userContext, user);
  return next();
};
