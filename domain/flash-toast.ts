import { z } from "zod";

/**
 * Toasts the server hands to the next page it renders (after a redirect, say),
 * carried in a short-lived cookie and shown once.
 */
export const FLASH_TOAST_COOKIE = "motif-flash";

export const flashToastSchema = z.object({
  title: z.string().max(120).optional(),
  description: z.string().max(500).optional(),
  color: z.enum(["error", "success"]).optional(),
  icon: z.string().max(40).optional(),
  timeout: z.number().int().min(1000).max(60_000).optional(),
});
export type FlashToast = z.infer<typeof flashToastSchema>;

export const flashToastsSchema = z.array(flashToastSchema).max(10);
