import { UserRound } from "lucide-react";
import { DismissibleNotice } from "./ui/dismissible-notice";

/**
 * Says why the page moved to the person's own workspace: the team they were working in no longer
 * includes them (removed, or they left it elsewhere). It names no team: the browser's choice is
 * only an id, and someone out of a team is not told its name again.
 */
export function WorkspaceLeftNotice({ className }: { className?: string }) {
  return (
    <DismissibleNotice label="Workspace" icon={UserRound} role="status" testId="workspace-left" className={className}>
      <p>
        <span className="font-semibold">You are no longer in that team.</span> You are back in your own workspace, with
        your own styles, objects and credits.
      </p>
    </DismissibleNotice>
  );
}
