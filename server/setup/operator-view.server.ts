import type { SessionUser } from "../auth/sessions.server";
import type { EngineServices } from "../generation/engine-services";
import { isOperator } from "../auth/operator.server";
import { describeEngines } from "./setup-status.server";
import { SETUP_BANNER_COOKIE } from "#domain/setup-banner";

/** What the app shell shows an operator: the setup link, and the banner while only the preview engine runs. */
export interface OperatorView {
  showPreviewBanner: boolean;
}

export async function operatorView(
  services: Pick<EngineServices, "config" | "database">,
  options: { user: SessionUser; request: Request },
): Promise<OperatorView | null> {
  const { config, database } = services;
  if (!(await isOperator({ db: database.db, adminEmails: config.adminEmails }, options.user))) return null;
  const cookies = options.request.headers.get("Cookie") ?? "";
  const dismissed = cookies.split(/;\s*/).includes(`${SETUP_BANNER_COOKIE}=hidden`);
  return { showPreviewBanner: describeEngines(config).every((engine) => engine.preview) && !dismissed };
}
