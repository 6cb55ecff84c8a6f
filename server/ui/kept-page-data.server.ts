import type { RouterContextProvider } from "react-router";
import { personalData } from "../users/data-version.server";
import { servicesContext } from "./context";
import { dataVersionContext, workspaceContext } from "./require-user.server";

/**
 * A signed-in page's data kept under its workspace's data version (docs/decisions/065): `read`
 * runs only after the workspace's records changed. A document's version was read with its event
 * cursor before any loader; a data request's is read here.
 */
export function keptPageData<T>(context: Readonly<RouterContextProvider>, name: string, read: () => Promise<T>) {
  const { db } = context.get(servicesContext).database;
  return personalData.get(db, context.get(workspaceContext).id, name, read, context.get(dataVersionContext));
}
