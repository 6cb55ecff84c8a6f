import { z } from "zod";

/** The Idempotency-Key header every spending POST accepts. */
export const idempotencyKeySchema = z
  .string()
  .min(8, "The Idempotency-Key must be 8 to 200 characters.")
  .max(200, "The Idempotency-Key must be 8 to 200 characters.")
  .optional();
