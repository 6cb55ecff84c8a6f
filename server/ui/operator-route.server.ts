import type { RouterContextProvider } from "react-router";
import { userContext } from "./require-user.server";
import { servicesContext } from "./context";
import { requireOperator } from "../auth/operator.server";

/**
 * The services and the operator for a console page's loader: anyone else gets the 404 page. Each
 * console loader asks, not only the console's layout, because a page's data can be fetched alone.
 */
export async function operatorRoute(context: Readonly<RouterContextProvider>) {
  const services = context.get(servicesContext);
  const user = context.get(userContext);
  await requireOperator({ db: services.database.db, adminEmails: services.config.adminEmails }, user);
  return { services, user };
}
