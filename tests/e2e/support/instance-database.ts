/**
 * Which database the suite's main instances (the app and the one with models) run on: a database
 * of their own on the test PostgreSQL server when TEST_DATABASE_URL names one (see
 * playwright.config.ts), else the embedded one. The short-links instance is always embedded.
 */
export const instanceDatabase: "postgres" | "pglite" = process.env.TEST_DATABASE_URL ? "postgres" : "pglite";
