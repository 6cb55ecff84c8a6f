import { LoaderCircle, Mail } from "lucide-react";
import { useEffect, useRef, useState, type FormEvent } from "react";
import { completeEmailLinkSignIn, FAILED_LOGIN_LOGOUT_MS, readLoginEmail, signOut } from "~/lib/auth-client";
import { safeRedirectPath } from "~/lib/navigation";
import { toast } from "~/lib/toast-store";
import { useSafeNavigate } from "~/lib/use-safe-navigate";
import { toastMessages } from "~/lib/toast-messages";
import { Button } from "./ui/button";
import { TextField } from "./ui/text-field";

type Phase = { kind: "starting" } | { kind: "ask-email" } | { kind: "signing-in" } | { kind: "failed" };

/** Completes the sign-in link in the browser (spec §4, §5). */
export function VerifyEmailLink() {
  const navigate = useSafeNavigate();
  const [phase, setPhase] = useState<Phase>({ kind: "starting" });
  const [email, setEmail] = useState("");
  const link = useRef<{ token: string; redirectTo: string } | null>(null);

  async function complete(withEmail: string) {
    const current = link.current;
    if (!current) return;
    setPhase({ kind: "signing-in" });
    try {
      await completeEmailLinkSignIn({ token: current.token, email: withEmail });
      navigate(current.redirectTo, { replace: true });
    } catch {
      setPhase({ kind: "failed" });
      toast(toastMessages.loginError);
      setTimeout(() => {
        signOut()
          .catch(() => {})
          .finally(() => navigate("/auth/login", { replace: true }));
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
    link.current = { token, redirectTo: safeRedirectPath(params.get("redirectTo")) };
    // Keep the token out of history and any later Referer.
    window.history.replaceState(window.history.state, "", window.location.pathname);
    const stored = readLoginEmail();
    if (stored) void complete(stored);
    else setPhase({ kind: "ask-email" });
    // Runs once per page load; `complete` reads only refs and stable setters.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (email.trim()) void complete(email.trim());
  }

  if (phase.kind === "ask-email") {
    return (
      <form onSubmit={submit} className="grid gap-4">
        <h1 className="text-2xl font-semibold tracking-tight">Confirm your e-mail</h1>
        <p className="text-sm text-neutral-600 dark:text-neutral-400">
          You opened this link on a different device or browser. For your security, type the address the link was sent
          to.
        </p>
        <TextField
          label="Please provide your email for confirmation"
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
