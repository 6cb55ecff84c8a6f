import { inArray, sql } from "drizzle-orm";
import type { AuditEntry } from "#domain/audit";
import { AppError } from "#domain/errors";
import {
  instanceSettingNames,
  type InstanceSettingName,
  type InstanceSettings,
  type InstanceSettingsReply,
} from "#domain/instance-settings";
import { type InstanceSettingsChange } from "#domain/requests/instance-settings";
import type { Database } from "../db/client.server";
import { preparedFor } from "../db/prepared.server";
import { instanceSettings } from "../db/schema";
import { writeAuditLine, type Actor } from "../operator/audit-log.server";

type Reader = Pick<Database, "select">;

/** Where a change of the settings is announced to every process (their kept public pages show them). */
export const INSTANCE_SETTINGS_CHANNEL = "motif_instance_settings";

/** Read for every page (and in the transactions that change settings): prepared once per handle. */
const settingRows = preparedFor((db: Reader) =>
  db
    .select({ name: instanceSettings.name, value: instanceSettings.value })
    .from(instanceSettings)
    .prepare("instance_settings"),
);

/**
 * The JSON value the console stored for `name`, or SQL null where the environment's value stands:
 * for a statement that reads one setting with more (`server/ui/shell-start.server.ts`).
 */
export const storedSetting = (name: InstanceSettingName) =>
  sql<unknown>`(select ${instanceSettings.value} from ${instanceSettings} where ${instanceSettings.name} = ${name})`;

/**
 * The settings in force: what the console set, over the environment's values. Read from the
 * database each time (one short query), so a change reaches every process at once, no restart.
 */
export async function readInstanceSettings(db: Reader, defaults: InstanceSettings): Promise<InstanceSettingsReply> {
  const rows = await settingRows(db).execute();
  const stored = new Map(rows.map((row) => [row.name, row.value]));
  const setHere = instanceSettingNames.filter((name) => stored.has(name));
  const settings = { ...defaults, ...Object.fromEntries(setHere.map((name) => [name, stored.get(name)])) };
  return { settings: settings as InstanceSettings, defaults, setHere };
}

/**
 * An operator changes settings: each given field is stored (null goes back to the environment's
 * value), with one audit line that holds what changed, before → after. A change that changes
 * nothing writes nothing.
 */
export async function changeInstanceSettings(
  db: Database,
  options: { actor: Actor; defaults: InstanceSettings; change: InstanceSettingsChange },
): Promise<InstanceSettingsReply & { entry: AuditEntry | null }> {
  const { actor, defaults, change } = options;
  return db.transaction(async (tx) => {
    // One change at a time: two operators saving at once each see the other's result as "before".
    await tx.execute("select pg_advisory_xact_lock(hashtext('instance_settings'))");
    const current = await readInstanceSettings(tx, defaults);
    const next: InstanceSettings = { ...current.settings };
    const reset: InstanceSettingName[] = [];
    const set: InstanceSettingName[] = [];
    for (const name of instanceSettingNames) {
      const value = change[name];
      if (value === undefined) continue;
      if (value === null) reset.push(name);
      else set.push(name);
      Object.assign(next, { [name]: value ?? defaults[name] });
    }
    if (next.signupPolicy === "domains" && next.signupDomains.length === 0)
      throw new AppError("bad_request", "List at least one domain for sign-up by domain.", {
        field: "signupDomains",
      });
    const changed = instanceSettingNames.filter(
      (name) => JSON.stringify(current.settings[name]) !== JSON.stringify(next[name]),
    );
    if (reset.length > 0) await tx.delete(instanceSettings).where(inArray(instanceSettings.name, reset));
    for (const name of set) {
      const row = { name, value: next[name], updatedAt: new Date(), updatedBy: actor.id };
      await tx.insert(instanceSettings).values(row).onConflictDoUpdate({ target: instanceSettings.name, set: row });
    }
    const setHere = instanceSettingNames.filter(
      (name) => set.includes(name) || (current.setHere.includes(name) && !reset.includes(name)),
    );
    const after: InstanceSettingsReply = { settings: next, defaults, setHere };
    if (changed.length === 0) return { ...after, entry: null };
    const pick = (settings: InstanceSettings) => Object.fromEntries(changed.map((name) => [name, settings[name]]));
    // Leaves at commit, with the change.
    await tx.execute(sql`select pg_notify(${INSTANCE_SETTINGS_CHANNEL}, 'changed')`);
    const entry = await writeAuditLine(tx, {
      actor,
      action: "instance.settings_changed",
      subject: null,
      before: pick(current.settings),
      after: pick(next),
      reason: null,
    });
    return { ...after, entry };
  });
}
