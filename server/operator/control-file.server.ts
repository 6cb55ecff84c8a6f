import { randomBytes, timingSafeEqual } from "node:crypto";
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";

/**
 * How the operator's commands reach a running server that holds the embedded database (which one
 * process may open): the server writes its loopback address and a fresh secret into the data
 * folder, readable by the folder's owner only, so whoever may open the database may ask the server
 * instead. The secret lives as long as the server; a new start makes a new one.
 */
const CONTROL_FILE = "control.json";

const controlFileSchema = z.object({ url: z.url(), token: z.string().min(32), pid: z.number().int() });
export type ControlFile = z.output<typeof controlFileSchema>;

let active: { file: string; token: string } | null = null;

/** Writes the control file for this process; answers its secret. */
export function announceControl(dataDir: string, url: string): string {
  const token = randomBytes(32).toString("base64url");
  const file = path.join(dataDir, CONTROL_FILE);
  writeFileSync(file, JSON.stringify({ url, token, pid: process.pid } satisfies ControlFile), { mode: 0o600 });
  active = { file, token };
  return token;
}

/** Removes this process's control file (at stop). */
export function withdrawControl(): void {
  if (!active) return;
  rmSync(active.file, { force: true });
  active = null;
}

/** Whether a request's bearer secret is this process's; false when it announced none. */
export function isControlToken(given: string | undefined): boolean {
  if (!active || !given) return false;
  const [a, b] = [Buffer.from(given), Buffer.from(active.token)];
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The running server's control file in a data folder, or null when there is none (or it is not one). */
export function readControlFile(dataDir: string): ControlFile | null {
  try {
    const parsed = controlFileSchema.safeParse(JSON.parse(readFileSync(path.join(dataDir, CONTROL_FILE), "utf8")));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
