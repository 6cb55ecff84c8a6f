/** A field the server found wrong in a request body: its path ("subjects.3") and what to fix. */
export interface FieldError {
  path: string;
  message: string;
}

/** Calls our JSON API from the browser; throws ApiError on any non-2xx answer. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    /** 400s name the fields at fault. */
    readonly fields: FieldError[] = [],
    /** Extra facts (a price and a balance for 402). */
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = "ApiError";
  }
}

interface ErrorBody {
  error?: { code?: string; message?: string; fields?: FieldError[]; details?: Record<string, unknown> };
}

export async function api<T = unknown>(
  path: string,
  options: { method?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<T> {
  // A form (with files) goes as multipart, its boundary set by the browser; anything else as JSON.
  const form = options.body instanceof FormData ? options.body : null;
  const json = options.body !== undefined && !form;
  const response = await fetch(path, {
    method: options.method ?? "GET",
    credentials: "same-origin",
    headers: {
      Accept: "application/json",
      ...(json ? { "Content-Type": "application/json" } : {}),
      ...options.headers,
    },
    body: form ?? (json ? JSON.stringify(options.body) : undefined),
  });
  const payload = (await response.json().catch(() => null)) as ErrorBody | null;
  if (!response.ok) {
    const error = payload?.error;
    throw new ApiError(
      response.status,
      error?.code ?? "http_error",
      error?.message ?? response.statusText,
      Array.isArray(error?.fields) ? error.fields : [],
      error?.details ?? {},
    );
  }
  return payload as T;
}

/** The first message for each field a zod check refused ("form" for what concerns no one field): the browser's twin of `fieldErrors`. */
export function issuesByField(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
): Record<string, string> {
  const found: Record<string, string> = {};
  for (const issue of issues) found[String(issue.path[0] ?? "form")] ??= issue.message;
  return found;
}

/**
 * The first message per top-level field of a 400 ("subjects.3" counts as "subjects"),
 * for forms that show errors under their fields.
 */
export function fieldErrors(error: unknown): Record<string, string> {
  const result: Record<string, string> = {};
  if (!(error instanceof ApiError)) return result;
  for (const field of error.fields) {
    const key = field.path.split(".")[0] || "form";
    result[key] ??= field.message;
  }
  return result;
}
