import { useEffect } from "react";
import { useRevalidator } from "react-router";
import { onAuthChange } from "~/lib/api/auth-client";
import { onLiveStreamRefused } from "~/lib/api/live-events";
import { toast } from "~/lib/state/toast-store";
import { toastMessages } from "~/lib/words/toast-messages";

/**
 * Session sync across tabs: when another tab signs in or out, this one reloads its
 * data, so the server's auth checks send it where it now belongs. So too when the server
 * refuses the live stream: the session ended elsewhere (another browser, or an operator).
 */
export function SessionSync() {
  const revalidator = useRevalidator();
  useEffect(() => {
    try {
      const stopAuth = onAuthChange(() => void revalidator.revalidate());
      const stopStream = onLiveStreamRefused(() => void revalidator.revalidate());
      return () => {
        stopAuth();
        stopStream();
      };
    } catch {
      toast(toastMessages.listenerError);
      return undefined;
    }
  }, [revalidator]);
  return null;
}
