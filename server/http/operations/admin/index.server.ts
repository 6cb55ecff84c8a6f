import { listAccountsOperation } from "./list-accounts.server";
import { adjustCreditsOperations } from "./adjust-credits.server";
import { listTeamsOperation } from "./list-teams.server";
import { readAuditLogOperation } from "./read-audit-log.server";
import { disableEnableAccountOperations } from "./disable-enable-account.server";
import { deleteAccountOperation } from "./delete-account.server";
import { readInstanceSettingsOperation } from "./read-instance-settings.server";
import { changeInstanceSettingsOperation } from "./change-instance-settings.server";
import { readInstanceUsageOperation } from "./read-instance-usage.server";
import { downloadInstanceUsageCsvOperation } from "./download-instance-usage-csv.server";

/** The operator console: the instance's accounts, their credits, and the log of what operators did. */
export const adminOperations = [
  listAccountsOperation,
  ...adjustCreditsOperations,
  listTeamsOperation,
  readAuditLogOperation,
  ...disableEnableAccountOperations,
  deleteAccountOperation,
  readInstanceSettingsOperation,
  changeInstanceSettingsOperation,
  readInstanceUsageOperation,
  downloadInstanceUsageCsvOperation,
];
