import type { BrowserContext } from "@playwright/test";
import { FLASH_TOAST_COOKIE, type FlashToast } from "../../../domain/flash-toast";

export type { FlashToast };

/** Toasts the server hands to the next page ride in the flash cookie; tests set it directly. */
export async function flashToasts(context: BrowserContext, baseURL: string, toasts: FlashToast[]): Promise<void> {
  await context.addCookies([
    { name: FLASH_TOAST_COOKIE, value: encodeURIComponent(JSON.stringify(toasts)), url: baseURL },
  ]);
}
