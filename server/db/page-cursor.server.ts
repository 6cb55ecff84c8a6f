import { AppError } from "#domain/errors";

/**
 * Cursors are opaque to clients: the order they page (`scope`), the last row's sort key and its
 * id. A cursor is checked when it comes back: one made by the same list in the same order, with a
 * key of the right form. Anything else (unreadable, edited, another order's) is refused, so a
 * client never gets page 1 again and loops.
 */
export const encodeCursor = (scope: string, key: string, id: string) =>
  Buffer.from(JSON.stringify([scope, key, id])).toString("base64url");

export function decodeCursor(
  cursor: string | undefined,
  expected: { scope: string; key: RegExp; scopes: readonly string[]; describe?: (scope: string) => string },
): [key: string, id: string] | null {
  if (!cursor) return null;
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"));
  } catch {
    value = null;
  }
  if (
    Array.isArray(value) &&
    value.length === 3 &&
    value.every((v) => typeof v === "string") &&
    value[0] === expected.scope &&
    expected.key.test(value[1] as string) &&
    /^[\w-]{1,64}$/.test(value[2] as string)
  ) {
    return [value[1] as string, value[2] as string];
  }
  const scope = Array.isArray(value) && value.length === 3 ? (value as unknown[])[0] : null;
  const otherScope = typeof scope === "string" && scope !== expected.scope && expected.scopes.includes(scope);
  throw new AppError(
    "bad_request",
    otherScope && expected.describe ? expected.describe(scope) : "The cursor is not valid: start again without it.",
    { field: "cursor" },
  );
}

/** A creation time as a sort key: to the microsecond, so rows made in the same millisecond still page apart. */
export const CREATED_AT_KEY = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}$/;
