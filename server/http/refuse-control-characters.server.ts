import type { Request, RequestHandler } from "express";
import { ZodError } from "zod";
import { CONTROL_CHARACTER_MESSAGE, hasControlCharacters } from "#domain/text";

type Issue = { path: (string | number)[]; message: string };

/** Shows a key's control characters as escapes, so the field's name stays readable. */
const printable = (key: string) =>
  // eslint-disable-next-line no-control-regex
  key.replace(/[\u0000-\u001f\u007f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);

/** Deeper than any request of ours: refused rather than walked. */
const MAX_DEPTH = 32;

/** Walks a parsed body in document order without recursion, so deep nesting cannot exhaust the stack. */
function findControlCharacters(body: unknown): Issue[] {
  const issues: Issue[] = [];
  const pending: { value: unknown; path: (string | number)[]; key?: string }[] = [{ value: body, path: [] }];
  while (pending.length) {
    const { value, path, key } = pending.pop()!;
    if (key !== undefined && hasControlCharacters(key)) issues.push({ path, message: CONTROL_CHARACTER_MESSAGE });
    if (typeof value === "string") {
      if (hasControlCharacters(value)) issues.push({ path, message: CONTROL_CHARACTER_MESSAGE });
    } else if (value && typeof value === "object") {
      if (path.length >= MAX_DEPTH) {
        issues.push({ path, message: "This value is nested too deeply." });
        continue;
      }
      const children = Array.isArray(value)
        ? value.map((item, i) => ({ value: item as unknown, path: [...path, i] }))
        : Object.entries(value).map(([k, item]) => ({ value: item, path: [...path, printable(k)], key: k }));
      pending.push(...children.reverse());
    }
  }
  return issues;
}

/**
 * Refuses a body (JSON, or multipart text fields and file names) with a NUL or another
 * control character anywhere, as a 400 naming each field: PostgreSQL cannot store a
 * NUL, and no field needs the others. Run it after the body is parsed.
 */
export function assertNoControlCharacters(req: Pick<Request, "body" | "files">): void {
  const issues = findControlCharacters(req.body);
  const files = Array.isArray(req.files) ? req.files : Object.values(req.files ?? {}).flat();
  files.forEach((file, i) => {
    if (hasControlCharacters(file.originalname) || hasControlCharacters(file.fieldname)) {
      issues.push({
        path: [file.fieldname ? printable(file.fieldname) : "files", i],
        message: CONTROL_CHARACTER_MESSAGE,
      });
    }
  });
  if (issues.length) {
    throw new ZodError(issues.map((issue) => ({ code: "custom", input: undefined, ...issue })));
  }
}

export const refuseControlCharacters: RequestHandler = (req, _res, next) => {
  try {
    assertNoControlCharacters(req);
    next();
  } catch (error) {
    next(error);
  }
};
