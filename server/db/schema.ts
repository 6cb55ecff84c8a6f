// Every table, for drizzle (the client's typed queries) and drizzle-kit (migrations), from one
// module per area. Relative imports: drizzle-kit loads these files without the app's path aliases.
export * from "./schema/accounts";
export * from "./schema/credits";
export * from "./schema/styles";
export * from "./schema/jobs";
export * from "./schema/objects";
export * from "./schema/runtime";
export * from "./schema/teams";
export * from "./schema/workspaces";
