import { randomToken } from "./auth/tokens.server";

/** A new record id: 20 URL-safe random characters. */
export const newId = () => randomToken().slice(0, 20);
