import { and, eq } from "drizzle-orm";
import { AppError } from "#domain/errors";
import type { Database } from "../db/client.server";
import { characters, styles } from "../db/schema";
import { characterFolder, styleFolder } from "../storage/folders.server";

/** What a model learns from: a style (its look) or a character (its identity). */
export type LearningSubject = { learns: "style"; id: string } | { learns: "character"; id: string };

export const notFound = (subject: Pick<LearningSubject, "learns">) =>
  new AppError("not_found", subject.learns === "style" ? "No such style." : "No such character.");

/** The subject's name, when it is the workspace's; another workspace's is not found. */
export async function requireSubject(
  db: Database,
  options: { workspaceId: string; subject: LearningSubject },
): Promise<{ name: string }> {
  const { workspaceId, subject } = options;
  const table = subject.learns === "style" ? styles : characters;
  const [row] = await db
    .select({ name: table.name })
    .from(table)
    .where(and(eq(table.id, subject.id), eq(table.ownerId, workspaceId)));
  if (!row) throw notFound(subject);
  return row;
}

/** Where the subject's pictures, datasets and kept weights live: inside its own folder, gone with it. */
export function learningFolder(workspaceId: string, subject: LearningSubject): string {
  return subject.learns === "style"
    ? `${styleFolder(workspaceId, subject.id)}/learning`
    : characterFolder(workspaceId, subject.id);
}
