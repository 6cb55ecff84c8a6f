/**
 * The system error code (ECONNREFUSED, ENOTFOUND…) under a failed request, else its
 * innermost message: what a connection failure says in a sentence for the operator.
 */
export function networkCause(error: unknown): string | undefined {
  let cause: unknown = (error as { cause?: unknown } | null)?.cause;
  let message: string | undefined;
  for (let depth = 0; cause && depth < 4; depth++) {
    const { code, message: said } = cause as { code?: unknown; message?: unknown };
    if (typeof code === "string") return code;
    if (typeof said === "string" && said !== "fetch failed") message = said;
    cause = (cause as { cause?: unknown }).cause;
  }
  return message;
}
