import { CircleCheck, LinkIcon, LoaderCircle, Mail } from "lucide-react";
import { useEffect, useRef, useState, type FormEvent } from "react";
import { Link, useRouteLoaderData } from "react-router";
import {
  completeEmailLinkSignIn,
  FAILED_LOGIN_LOGOUT_MS,
  isLinkUsable,
  linkFailure,
  readLoginEmail,
  signOut,
} from "~/lib/api/auth-client";
import { loginPath } from "#domain/login-path";
import { safeRedirectPath } from "#domain/navigation";
import { ApiError } from "~/lib/api/api";
import { toast } from "~/lib/state/toast-store";
import { useSafeNavigate } from "~/lib/hooks/use-safe-navigate";
import { toastMessages } from "~/lib/words/toast-messages";
import { Button, buttonClasses } from "./ui/button";
import { TextField } from "./ui/text-field";

/** Why the page asks for the address: no remembered e-mail here, or one for another address. */
type AskReason = "other-device" | "other-address";

type Phase =
  | { kind: "starting" }
  | { kind: "ask-email"; reason: AskReason }
  | { kind: "signing-in" }
  | { kind: "link-invalid" }
  | { kind: "failed" };

const askLines: Record<AskReason, string> = {
  "other-device":
    "You opened this link on a different device or browser from the one you asked for it on. For your security, type the address the link was sent to.",
  "other-address":
    "This browser last asked for a link for another address. Type the address this link was sent to, to finish signing in.",
};

/** How long "You're already signed in" stays before the app opens by itself. */
const ALREADY_SIGNED_IN_MS = 2_500;

/** Completes the sign-in link in the browser (spec §4, §5). */
export function VerifyEmailLink() {
  const navigate = useSafeNavigate();
  // Whether this browser already had a session when the page loaded (the shared layout reads it).
  const signedIn = useRouteLoaderData<{ signedIn: boolean }>("layouts/default")?.signedIn ?? false;
  const [phase, setPhase] = useState<Phase>({ kind: "starting" });
  const [email, setEmail] = useState("");
  const [redirectTo, setRedirectTo] = useState("/app");
  const link = useRef<{ token: string; redirectTo: string } | null>(null);

  async function complete(withEmail: string, typed: boolean) {
    const current = link.current;
    if (!current) return;
    setPhase({ kind: "signing-in" });
    try {
      await completeEmailLinkSignIn({ token: current.token, email: withEmail });
      navigate(current.redirectTo, { replace: true });
    } catch (error) {
      const reason = linkFailure(error);
      // A dead link is explained, with a way to a new one, instead of a 5-second redirect.
      if (reason === "invalid") return setPhase({ kind: "link-invalid" });
      // The remembered address was not this link's: ask, as on another device.
      if (reason === "wrong_email" && !typed) return setPhase({ kind: "ask-email", reason: "other-address" });
      setPhase({ kind: "failed" });
      // A sign-up the instance does not take (its policy) says why; any other failure is the spec's toast.
      const refused = error instanceof ApiError && error.status === 403;
      toast(refused ? { ...toastMessages.loginError, description: error.message } : toastMessages.loginError);
      setTimeout(() => {
        signOut()
          .catch(() => {})
          .finally(() => navigate(loginPath(current.redirectTo), { replace: true }));
      }, FAILED_LOGIN_LOGOUT_MS);
    }
  }

  useEffect(() => {
    const params = new URLSearchParams(window.location.search);
    const token = params.get("token");
    // Not a sign-in link: go to the login page.
    if (!token) {
      navigate("/auth/login", { replace: true });
      return;
    }
    const target = safeRedirectPath(params.get("redirectTo"));
    link.current = { token, redirectTo: target };
    setRedirectTo(target);
    // Keep the token out of history and any later Referer.
    window.history.replaceState(window.history.state, "", window.location.pathname);
    const stored = readLoginEmail();
    if (stored) {
      void complete(stored, false);
      return;
    }
    // No remembered address: ask for it only if the link can still sign in.
    isLinkUsable(token)
      .then((usable) => setPhase(usable ? { kind: "ask-email", reason: "other-device" } : { kind: "link-invalid" }))
      .catch(() => setPhase({ kind: "ask-email", reason: "other-device" }));
    // Runs once per page load; `complete` reads only refs and stable setters.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (email.trim()) void complete(email.trim(), true);
  }

  if (phase.kind === "ask-email") {
    return (
      <form onSubmit={submit} className="grid gap-4" aria-labelledby="confirm-email-heading">
        <div>
          <h1 id="confirm-email-heading" className="text-2xl font-semibold tracking-tight">
            Please provide your email for confirmation
          </h1>
          <p className="mt-2 text-sm text-neutral-600 dark:text-neutral-400">{askLines[phase.reason]}</p>
        </div>
        <TextField
          label="E-mail address"
          type="email"
          name="email"
          autoComplete="email"
          autoFocus
          required
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          icon={<Mail aria-hidden className="size-4" />}
        />
        <Button type="submit" size="lg">
          Continue
        </Button>
      </form>
    );
  }

  // A used link opened again where its sign-in already holds is no failure.
  if (phase.kind === "link-invalid" && signedIn) return <AlreadySignedIn to={redirectTo} />;

  if (phase.kind === "link-invalid") {
    return (
      <div role="alert" aria-labelledby="link-invalid-heading">
        <div className="grid size-12 place-items-center rounded-xl bg-amber-50 text-amber-700 dark:bg-amber-950 dark:text-amber-300">
          <LinkIcon aria-hidden className="size-6" />
        </div>
        <h1 id="link-invalid-heading" className="mt-4 text-2xl font-semibold tracking-tight">
          This link no longer works
        </h1>
        <p className="mt-2 text-sm text-neutral-600 dark:text-neutral-400">
          This link has expired or was already used — request a new one. Each link works once, for a short time.
        </p>
        <Link to={loginPath(redirectTo)} className={`${buttonClasses("primary", "lg")} mt-6 w-full`}>
          Request a new link
        </Link>
      </div>
    );
  }

  return (
    <div className="text-center" role="status" aria-live="polite">
      {phase.kind === "failed" ? (
        <>
          <h1 className="text-2xl font-semibold tracking-tight">Sign-in failed</h1>
          <p className="mt-2 text-sm text-neutral-600 dark:text-neutral-400">Taking you back to the sign-in page…</p>
        </>
      ) : (
        <>
          <LoaderCircle aria-hidden className="mx-auto size-8 animate-spin text-primary-600 dark:text-primary-400" />
          <h1 className="mt-4 text-2xl font-semibold tracking-tight">Signing you in…</h1>
          <p className="mt-2 text-sm text-neutral-600 dark:text-neutral-400">This takes a moment.</p>
        </>
      )}
    </div>
  );
}

/** A used link opened while signed in: say so, and go on to the app. */
function AlreadySignedIn({ to }: { to: string }) {
  const navigate = useSafeNavigate();
  useEffect(() => {
    const timer = setTimeout(() => navigate(to, { replace: true }), ALREADY_SIGNED_IN_MS);
    return () => clearTimeout(timer);
  }, [navigate, to]);
  return (
    <div role="status" aria-labelledby="already-signed-in-heading">
      <div className="grid size-12 place-items-center rounded-xl bg-success-50 text-success-700 dark:bg-success-950 dark:text-success-300">
        <CircleCheck aria-hidden className="size-6" />
      </div>
      <h1 id="already-signed-in-heading" className="mt-4 text-2xl font-semibold tracking-tight">
        You&rsquo;re already signed in
      </h1>
      <p className="mt-2 text-sm text-neutral-600 dark:text-neutral-400">
        This link was used already, and you are signed in on this browser. Taking you to Motif…
      </p>
      <Link to={to} replace className={`${buttonClasses("primary", "lg")} mt-6 w-full`}>
        Continue to Motif
      </Link>
    </div>
  );
}
