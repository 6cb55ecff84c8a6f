import { refusalMessage } from "~/lib/words/refusal-message";
import { toast } from "~/lib/state/toast-store";

/** Runs a team change; a refusal is a toast with the server's words. */
export async function teamChange(run: () => Promise<unknown>, errorTitle = "Team error"): Promise<boolean> {
  try {
    await run();
    return true;
  } catch (error) {
    toast({
      title: errorTitle,
      description: refusalMessage(error, "Nothing was changed. Please try again."),
      color: "error",
    });
    return false;
  }
}
