import { ArrowRight, LoaderCircle, LogOut, Users } from "lucide-react";
import { useState } from "react";
import { Link, useNavigate } from "react-router";
import { Logo } from "~/components/logo";
import { Button, buttonClasses } from "~/components/ui/button";
import { callApi } from "~/lib/api/api-client";
import { signOut } from "~/lib/api/auth-client";
import { refusalMessage } from "~/lib/words/refusal-message";
import { toast } from "~/lib/state/toast-store";
import { isAppError } from "#domain/errors";
import { invitationMessages, teamRoleLabels, type InvitationPreview } from "#domain/teams";
import { getSessionUser } from "#server/auth/session.server";
import { servicesContext } from "#server/ui/context";
import { previewInvitation } from "#server/teams/invitations.server";
import type { Route } from "./+types/invite";

export function meta() {
  return [{ title: "Invitation · Motif" }, { name: "robots", content: "noindex" }];
}

// Reading the page accepts nothing (a mail scanner's GET included): joining is the button's POST.
export async function loader({ request, context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const user = await getSessionUser({ request, services });
  let invitation: InvitationPreview | null = null;
  try {
    if (token) invitation = await previewInvitation(services.database.db, token);
  } catch (error) {
    if (!isAppError(error) || error.code !== "not_found") throw error;
  }
  return { token, invitation, signedInAs: user?.email ?? null };
}

function Card({ children }: { children: React.ReactNode }) {
  return (
    <main className="mx-auto flex min-h-[70vh] max-w-md flex-col justify-center px-4 py-16">
      <div className="rounded-2xl border border-neutral-200 bg-white p-8 shadow-sm dark:border-neutral-800 dark:bg-neutral-900">
        <Logo />
        <div className="mt-6">{children}</div>
      </div>
    </main>
  );
}

/** An invitation to a team: who invites, to what, and joining it with the address it was sent to. */
export default function InvitePage({ loaderData }: Route.ComponentProps) {
  const { token, invitation, signedInAs } = loaderData;
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);

  if (!invitation || invitation.status !== "pending") {
    const message = !invitation
      ? invitationMessages.notFound
      : invitation.status === "expired"
        ? invitationMessages.expired
        : invitationMessages.used;
    return (
      <Card>
        <h1 className="text-xl font-semibold">This invitation cannot be used</h1>
        <p className="mt-2 text-neutral-600 dark:text-neutral-400">{message}</p>
        <Link to={signedInAs ? "/app/teams" : "/"} className={buttonClasses("secondary", "md") + " mt-6"}>
          {signedInAs ? "Your teams" : "Motif's home page"}
        </Link>
      </Card>
    );
  }

  const here = `/invite?token=${encodeURIComponent(token)}`;
  const rightAddress = signedInAs === invitation.email;
  // Sign-in comes back here, with the invited address already filled in.
  const signInHere = `/auth/login?redirectTo=${encodeURIComponent(here)}&email=${encodeURIComponent(invitation.email)}`;

  async function join() {
    setBusy(true);
    try {
      const { teamId, team } = await callApi("post", "/api/invitations/accept", { body: { token } });
      toast({ title: "Team joined", description: `You are in ${team}.`, color: "success" });
      await navigate(`/app/teams/${teamId}`);
    } catch (error) {
      toast({
        title: "Invitation error",
        description: refusalMessage(error, "You could not join. Please try again."),
        color: "error",
      });
      setBusy(false);
    }
  }

  return (
    <Card>
      <div className="grid size-12 place-items-center rounded-xl bg-primary-50 text-primary-600 dark:bg-primary-950 dark:text-primary-300">
        <Users aria-hidden className="size-6" />
      </div>
      <h1 className="mt-4 text-xl font-semibold">Join {invitation.team}</h1>
      <p className="mt-2 text-neutral-600 dark:text-neutral-400">
        {invitation.invitedBy ?? "Someone"} invites you to the team as {teamRoleLabels[invitation.role].toLowerCase()}:
        its styles, images and credits. The invitation is for{" "}
        <strong className="text-neutral-900 dark:text-white">{invitation.email}</strong>.
      </p>
      {rightAddress ? (
        <Button className="mt-6 w-full" onClick={() => void join()} disabled={busy}>
          {busy ? (
            <LoaderCircle aria-hidden className="size-4 animate-spin" />
          ) : (
            <ArrowRight aria-hidden className="size-4" />
          )}
          Join {invitation.team}
        </Button>
      ) : signedInAs ? (
        <>
          <p className="mt-4 rounded-xl bg-warning-50 px-4 py-3 text-sm text-warning-950 dark:bg-warning-950/40 dark:text-warning-100">
            You are signed in as {signedInAs}. Sign out, then sign in as {invitation.email} to accept.
          </p>
          <Button
            variant="secondary"
            className="mt-4 w-full"
            onClick={() => void signOut().then(() => navigate(signInHere))}
          >
            <LogOut aria-hidden className="size-4" />
            Sign out
          </Button>
        </>
      ) : (
        <Link to={signInHere} className={buttonClasses("primary", "md") + " mt-6 w-full justify-center"}>
          Sign in as {invitation.email} to accept
        </Link>
      )}
    </Card>
  );
}
