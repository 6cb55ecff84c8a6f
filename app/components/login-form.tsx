import { LoaderCircle, Mail, MailCheck } from "lucide-react";
import { useEffect, useRef, useState, type FormEvent } from "react";
import { ApiError } from "~/lib/api/api";
import { readLoginEmail, sendLoginLink, servedElsewhere, type ServedElsewhere } from "~/lib/api/auth-client";
import { toast } from "~/lib/state/toast-store";
import { toastMessages } from "~/lib/words/toast-messages";
import { Button, buttonClasses } from "./ui/button";
import { TextField } from "./ui/text-field";

type Provider = { id: string; label: string };

export function LoginForm({
  redirectTo,
  initialEmail = "",
  providers,
  signupNote,
}: {
  redirectTo: string | null;
  /** The address to start with (an invitation's). */
  initialEmail?: string;
  providers: Provider[];
  /** Who may make a new account here, in a sentence (the instance's sign-up policy). */
  signupNote: string;
}) {
  const [email, setEmail] = useState(initialEmail);
  const [error, setError] = useState<string>();
  const [state, setState] = useState<"idle" | "sending" | "sent">("idle");
  const [elsewhere, setElsewhere] = useState<ServedElsewhere>();

  const field = useRef<HTMLInputElement>(null);

  // The field starts with what the person typed before the page's script ran (in the field, not
  // yet in state); else, unless they are already in it, with the address of a link asked for and
  // not used (it expired, say), offered again.
  useEffect(() => {
    const input = field.current;
    const start = input?.value || (document.activeElement === input ? null : readLoginEmail());
    if (start) setEmail((current) => current || start);
  }, []);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const value = email.trim();
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value)) {
      setError("Enter a valid e-mail address, like you@example.com.");
      return;
    }
    setError(undefined);
    setElsewhere(undefined);
    setState("sending");
    try {
      await sendLoginLink(value, redirectTo);
      setState("sent");
    } catch (e) {
      setState("idle");
      // Opened at an address this server does not serve: say where it is, not "error sending".
      const where = servedElsewhere(e, redirectTo);
      if (where) {
        setElsewhere(where);
        return;
      }
      toast({
        ...toastMessages.loginLinkError,
        ...(e instanceof ApiError && e.status === 429 ? { description: e.message } : {}),
      });
    }
  }

  if (state === "sent") {
    return (
      <div className="mt-6" role="status">
        <div className="grid size-12 place-items-center rounded-xl bg-emerald-50 text-emerald-600 dark:bg-emerald-950 dark:text-emerald-400">
          <MailCheck aria-hidden className="size-6" />
        </div>
        <h1 className="mt-4 text-2xl font-semibold tracking-tight">Check your inbox</h1>
        <p className="mt-2 text-sm text-neutral-600 dark:text-neutral-400">
          We sent a sign-in link to <strong className="text-neutral-900 dark:text-neutral-100">{email.trim()}</strong>.
          Open it on this device to sign in. The link works once and expires soon.
        </p>
        <div className="mt-6 flex flex-wrap gap-3">
          <Button variant="secondary" onClick={() => setState("idle")}>
            Use a different e-mail
          </Button>
        </div>
      </div>
    );
  }

  return (
    <>
      <h1 className="mt-6 text-2xl font-semibold tracking-tight">Sign in to Motif</h1>
      <p className="mt-2 text-sm text-neutral-600 dark:text-neutral-400">
        Enter your e-mail address and we will send you a link to sign in. No password needed. {signupNote}
      </p>
      {elsewhere && (
        <div
          role="alert"
          className="mt-6 rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950 dark:border-amber-800 dark:bg-amber-950/60 dark:text-amber-50"
        >
          <p>{elsewhere.message}</p>
          <a
            href={elsewhere.loginUrl}
            className="mt-2 inline-block font-medium break-all underline underline-offset-2 hover:no-underline"
          >
            Open Motif at {elsewhere.origin}
          </a>
        </div>
      )}
      <form className="mt-6 grid gap-4" noValidate onSubmit={submit}>
        <TextField
          ref={field}
          label="E-mail address"
          type="email"
          name="email"
          autoComplete="email"
          placeholder="you@example.com"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          error={error}
          icon={<Mail aria-hidden className="size-4" />}
          required
        />
        <Button type="submit" size="lg" disabled={state === "sending"}>
          {state === "sending" && <LoaderCircle aria-hidden className="size-4 animate-spin" />}
          {state === "sending" ? "Sending…" : "Send me a sign-in link"}
        </Button>
      </form>
      {providers.length > 0 && (
        <>
          <div className="my-6 flex items-center gap-3 text-xs text-neutral-500 uppercase dark:text-neutral-400">
            <span className="h-px flex-1 bg-neutral-200 dark:bg-neutral-800" /> or{" "}
            <span className="h-px flex-1 bg-neutral-200 dark:bg-neutral-800" />
          </div>
          <div className="grid gap-2">
            {providers.map((p) => (
              <a
                key={p.id}
                href={`/api/auth/oauth/${p.id}${redirectTo ? `?redirectTo=${encodeURIComponent(redirectTo)}` : ""}`}
                className={buttonClasses("secondary", "lg")}
              >
                Continue with {p.label}
              </a>
            ))}
          </div>
        </>
      )}
    </>
  );
}
