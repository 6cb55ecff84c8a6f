import { ensureUserRecordOperation } from "./ensure-user-record.server";
import { readProfileOperation } from "./read-profile.server";
import { creditHistoryOperation } from "./credit-history.server";
import { deleteAccountOperation } from "./delete-account.server";

/** The signed-in user's record, profile, credit history, and the account's deletion. */
export const accountOperations = [
  ensureUserRecordOperation,
  readProfileOperation,
  creditHistoryOperation,
  deleteAccountOperation,
];
