// What the sign-in tests share: the SHA-256 that sign-in tokens, session ids and mailboxes are stored as.
import { createHash } from "node:crypto";

export const sha256 = (value: string) => createHash("sha256").update(value).digest("hex");
