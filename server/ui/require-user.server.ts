import { createContext, redirect, type MiddlewareFunction } from "react-router";
import { loginPath } from "#domain/login-path";
import { servicesContext } from "./context";
import { readWorkspaceCookie, requestedInUrl, workspaceCookie } from "../workspaces/workspace-cookie.server";
import { findWorkspace, personalWorkspace, type Workspace } from "../workspaces/workspaces.server";
import { getSessionUser, type SessionUser } from "../auth/session.server";
import type { WorkspacePosition } from "../users/data-version.server";
import { readDocumentStart, type ShellData } from "./shell-start.server";

export const userContext = createContext<SessionUser>();
/** Where the page acts: the workspace a `?workspace=` link or the browser's last choice names, if the user is in it. */
export const workspaceContext = createContext<Workspace>();
/** Whether the browser named a workspace the person is not in (a team that let them go): the page says so. */
export const workspaceRefusedContext = createContext<boolean>(false);
/**
 * A document's newest live event of its workspace, read before any loader reads the page's data:
 * the page's event stream resumes from it, so it need not read its data again once connected
 * (docs/decisions/128). Null for data requests (`.data`): the stream is open by then.
 */
export const eventCursorContext = createContext<number | null>(null);
/**
 * A document's data version of its workspace, read with its event cursor in one statement: the
 * version its kept page data is read under (`personalData`). Null for data requests.
 */
export const dataVersionContext = createContext<number | null>(null);

/**
 * A document's balance of its workspace, read with its event cursor in one statement: the shell
 * shows it in the first HTML, and the stream brings each change after it. Null for data requests.
 */
export const balanceContext = createContext<WorkspacePosition["balance"] | null>(null);

/**
 * A document's shell data (the announcement, the person's teams), read with its event cursor in
 * one statement. Null for data requests: the layout reads it then.
 */
export const shellDataContext = createContext<ShellData | null>(null);

/**
 * The auth check for /app routes: anonymous visitors go to /auth/login,
 * remembering where they wanted to go. Runs before any child loader.
 * Then the workspace: a link's `?workspace=` chooses it (and is remembered);
 * else the browser's last choice; a team the user is no longer in falls back to their own.
 */
export const requireUserMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const services = context.get(servicesContext);
  const user = await getSessionUser({ request, services });
  if (!user) {
    const url = new URL(request.url);
    throw redirect(loginPath(`${url.pathname}${url.search}`));
  }
  context.set(userContext, user);
  const inUrl = requestedInUrl(new URL(request.url));
  const remembered = readWorkspaceCookie(request.headers.get("Cookie"));
  const requested = inUrl ?? remembered;
  const workspace =
    (await findWorkspace(services.database.db, { userId: user.id, requested })) ?? personalWorkspace(user.id);
  context.set(workspaceContext, workspace);
  context.set(workspaceRefusedContext, requested !== null && requested !== workspace.id);
  if (request.method === "GET" && !new URL(request.url).pathname.endsWith(".data")) {
    const { position, shell } = await readDocumentStart(services.database.db, {
      workspaceId: workspace.id,
      userId: user.id,
    });
    context.set(eventCursorContext, position.newestEventId);
    context.set(dataVersionContext, position.dataVersion);
    context.set(balanceContext, position.balance);
    context.set(shellDataContext, shell);
  }
  const response = await next();
  if (workspace.id !== remembered && (remembered !== null || workspace.teamId !== null))
    response.headers.append("Set-Cookie", workspaceCookie(workspace.id, services.config.auth.secureCookies));
  return response;
};
