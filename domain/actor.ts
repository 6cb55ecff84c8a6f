/**
 * Who a request acts as, built once per request for either way in (a browser session or an API
 * key) and passed to use cases and the ledger: the workspace whose records and credits it uses
 * (the person's own, or a team's), the person acting in it (a team's monthly limits count them,
 * and records say who made them), and the key it came with (its monthly cap counts its spending).
 */
export interface Actor {
  workspaceId: string;
  memberId: string;
  /** Null for a browser session. */
  apiKeyId: string | null;
}
