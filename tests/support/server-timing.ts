/**
 * The database statements an answer ran, as its `Server-Timing` header names them
 * (`db;desc="N statements"`, with `SERVER_TIMING` on); NaN when the header does not.
 */
export function statementsNamed(serverTiming: string | null | undefined): number {
  return Number(/"(\d+) statements?"/.exec(serverTiming ?? "")?.[1] ?? Number.NaN);
}
