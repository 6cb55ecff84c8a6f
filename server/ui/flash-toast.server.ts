import { readCookie } from "../auth/session-cookie.server";
import { FLASH_TOAST_COOKIE, flashToastsSchema, type FlashToast } from "#domain/flash-toast";

/** Reads and validates the flash toasts; anything malformed is dropped. */
export function readFlashToasts(request: Request): FlashToast[] {
  const raw = readCookie(request.headers.get("Cookie"), FLASH_TOAST_COOKIE);
  if (!raw) return [];
  try {
    const parsed = flashToastsSchema.safeParse(JSON.parse(decodeURIComponent(raw)));
    return parsed.success ? parsed.data : [];
  } catch {
    return [];
  }
}

export function flashToastCookie(toasts: FlashToast[]): string {
  const value = encodeURIComponent(JSON.stringify(flashToastsSchema.parse(toasts)));
  return `${FLASH_TOAST_COOKIE}=${value}; Path=/; Max-Age=60; SameSite=Lax; HttpOnly`;
}

export function clearFlashToastCookie(): string {
  return `${FLASH_TOAST_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax; HttpOnly`;
}
