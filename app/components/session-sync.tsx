import { useEffect } from "react";
import { useRevalidator } from "react-router";
import { onAuthChange } from "~/lib/auth-client";
import { toast } from "~/lib/toast-store";
import { toastMessages } from "~/lib/toast-messages";

/**
 * Session sync across tabs: when another tab signs in or out, this one reloads its
 * data, so the server's auth checks send it where it now belongs.
 */
export function SessionSync() {
  const revalidator = useRevalidator();
  useEffect(() => {
    try {
      return onAuthChange(() => {
        void revalidator.revalidate();
      });
    } catch {
      toast(toastMessages.listenerError);
      return undefined;
    }
  }, [revalidator]);
  return null;
}
