import { Coins, LoaderCircle } from "lucide-react";
import { useState, type FormEvent } from "react";
import { grantCreditsBody } from "#domain/requests/setup";
import { fieldErrors } from "~/lib/api/api";
import { callApi } from "~/lib/api/api-client";
import { refusalMessage } from "~/lib/words/refusal-message";
import { toast } from "~/lib/state/toast-store";
import { Button } from "../ui/button";
import { TextField } from "../ui/text-field";

/** The operator gives an account credits from the setup page (POST /api/setup/grant-credits). */
export function GrantCreditsForm() {
  const [email, setEmail] = useState("");
  const [credits, setCredits] = useState("");
  const [errors, setErrors] = useState<{ email?: string; credits?: string }>({});
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const body = { email: email.trim(), credits: credits.trim() === "" ? Number.NaN : Number(credits) };
    const parsed = grantCreditsBody.safeParse(body);
    if (!parsed.success) {
      const next: typeof errors = {};
      for (const issue of parsed.error.issues) next[issue.path[0] as "email" | "credits"] ??= issue.message;
      setErrors(next);
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      const { message } = await callApi("post", "/api/setup/grant-credits", { body: parsed.data });
      toast({ title: "Credits granted", description: message, color: "success" });
      setEmail("");
      setCredits("");
    } catch (error) {
      const fields = fieldErrors(error);
      if (fields.email || fields.credits) setErrors(fields);
      else
        toast({
          title: "Grant error",
          description: refusalMessage(error, "Nothing was granted. Please try again."),
          color: "error",
        });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={submit} className="grid gap-4 sm:grid-cols-[minmax(0,1fr)_10rem_auto] sm:items-start" noValidate>
      <TextField
        label="Account's e-mail address"
        type="email"
        autoComplete="off"
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        error={errors.email}
      />
      <TextField
        label="Credits"
        inputMode="numeric"
        value={credits}
        onChange={(e) => setCredits(e.target.value)}
        error={errors.credits}
      />
      <Button type="submit" disabled={busy} className="sm:mt-7">
        {busy ? <LoaderCircle aria-hidden className="size-4 animate-spin" /> : <Coins aria-hidden className="size-4" />}
        Grant credits
      </Button>
    </form>
  );
}
