import { randomBytes } from "node:crypto";

/** A new record id: 20 URL-safe random characters (120 bits from the CSPRNG). */
export const newId = () => randomBytes(15).toString("base64url");
