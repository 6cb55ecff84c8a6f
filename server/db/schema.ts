// Every table, for drizzle (the client's typed queries) and drizzle-kit (migrations), from one
// module per area. Relative imports: drizzle-kit loads these files without the app's path aliases.
export * from "./schema/accounts";
export * from "./schema/credits";
export * from "./schema/styles";
export * from "./schema/api-keys";
export * from "./schema/generation-jobs";
export * from "./schema/webhook-deliveries";
export * from "./schema/objects";
export * from "./schema/audit-log";
export * from "./schema/idempotency-keys";
export * from "./schema/instance";
export * from "./schema/live-events";
export * from "./schema/page-views";
export * from "./schema/rate-limits";
export * from "./schema/teams";
export * from "./schema/workspaces";
export * from "./schema/learning";
