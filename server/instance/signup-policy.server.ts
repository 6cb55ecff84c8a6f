import { signupAllowed, signupRefusal, type InstanceSettings } from "#domain/instance-settings";
import type { Database } from "../db/client.server";
import { hasPendingInvitation } from "../teams/invitations.server";
import { readInstanceSettings } from "./instance-settings.server";

export interface SignupPolicyDeps {
  db: Database;
  /** The environment's settings, which the console's override. */
  defaults: InstanceSettings;
  adminEmails: readonly string[];
}

/**
 * Why `email` may not make a new account here, or null when it may. Operators (ADMIN_EMAILS)
 * always may: an instance closed to sign-ups must still let its operator in. So may an address
 * holding a team's invitation: that is what "by invitation" means.
 */
export async function newAccountRefusal(deps: SignupPolicyDeps, email: string): Promise<string | null> {
  if (deps.adminEmails.includes(email.toLowerCase())) return null;
  const { settings } = await readInstanceSettings(deps.db, deps.defaults);
  if (signupAllowed(settings, email)) return null;
  return (await hasPendingInvitation(deps.db, email)) ? null : signupRefusal(settings);
}
