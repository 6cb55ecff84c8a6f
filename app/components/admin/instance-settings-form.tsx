import { LoaderCircle, Save } from "lucide-react";
import { useState, type FormEvent, type ReactNode } from "react";
import {
  ANNOUNCEMENT_MAX,
  signupPolicyLabels,
  type InstanceSettingName,
  type InstanceSettings,
  type InstanceSettingsReply,
  type SignupPolicy,
} from "#domain/instance-settings";
import { instanceSettingsChangeSchema } from "#domain/requests/instance-settings";
import { fieldErrors, issuesByField } from "~/lib/api/api";
import { callApi } from "~/lib/api/api-client";
import { refusalMessage } from "~/lib/words/refusal-message";
import { toast } from "~/lib/state/toast-store";
import { Button } from "../ui/button";
import { SegmentedControl } from "../ui/segmented-control";
import { TextAreaField } from "../ui/text-area-field";
import { TextField } from "../ui/text-field";

const policyHints: Record<SignupPolicy, string> = {
  open: "Anyone with an e-mail address can make an account.",
  invite_only:
    "Only people who already have an account sign in. Others who ask are told by e-mail that accounts here are by invitation.",
  domains: "Only addresses at the domains below can make an account; existing accounts still sign in.",
};

/** Where a setting comes from, and the way back to the environment's value. */
function Source(props: { setHere: boolean; defaultText: string; onReset(): void }) {
  return (
    <p className="flex flex-wrap items-center gap-x-2 text-xs text-neutral-500 dark:text-neutral-400">
      {props.setHere ? (
        <>
          Set here. The environment says {props.defaultText}.
          <button
            type="button"
            onClick={props.onReset}
            className="font-medium text-primary-700 underline-offset-2 hover:underline dark:text-primary-300"
          >
            Use the environment's
          </button>
        </>
      ) : (
        <>From the environment.</>
      )}
    </p>
  );
}

function Setting(props: { children: ReactNode }) {
  return (
    <div className="grid gap-2 border-t border-neutral-100 pt-5 first:border-0 first:pt-0 dark:border-neutral-800">
      {props.children}
    </div>
  );
}

const domainsText = (domains: string[]) => domains.join(", ");
const parseDomains = (text: string) => text.split(/[\s,;]+/).filter(Boolean);

/**
 * The settings the console changes without a restart. Only what differs from the saved settings is
 * sent; "Use the environment's" sends null for that setting at once.
 */
export function InstanceSettingsForm({ initial, onSaved }: { initial: InstanceSettingsReply; onSaved(): void }) {
  const [saved, setSaved] = useState(initial);
  const [policy, setPolicy] = useState(initial.settings.signupPolicy);
  const [domains, setDomains] = useState(domainsText(initial.settings.signupDomains));
  const [grant, setGrant] = useState(String(initial.settings.signupGrant));
  const [announcement, setAnnouncement] = useState(initial.settings.announcement);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  function show(reply: InstanceSettingsReply) {
    setSaved(reply);
    setPolicy(reply.settings.signupPolicy);
    setDomains(domainsText(reply.settings.signupDomains));
    setGrant(String(reply.settings.signupGrant));
    setAnnouncement(reply.settings.announcement);
  }

  async function save(change: Record<string, unknown>) {
    const parsed = instanceSettingsChangeSchema.safeParse(change);
    if (!parsed.success) {
      const found = issuesByField(parsed.error.issues);
      if (found.form) toast({ title: "Nothing to save", description: found.form });
      return setErrors(found);
    }
    setErrors({});
    setBusy(true);
    try {
      const reply = await callApi("patch", "/api/admin/settings", { body: parsed.data });
      show(reply);
      toast({
        title: "Settings saved",
        description: reply.entry ? "In force now, for everyone." : "Nothing changed.",
        color: "success",
      });
      onSaved();
    } catch (error) {
      const fields = fieldErrors(error);
      if (Object.keys(fields).length > 0 && !fields.form) setErrors(fields);
      else
        toast({
          title: "Settings error",
          description: refusalMessage(error, "Nothing was saved. Please try again."),
          color: "error",
        });
    } finally {
      setBusy(false);
    }
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const now = saved.settings;
    const next: Partial<InstanceSettings> = {
      signupPolicy: policy,
      signupDomains: parseDomains(domains),
      signupGrant: grant.trim() === "" ? Number.NaN : Number(grant),
      announcement: announcement.trim(),
    };
    const change = Object.fromEntries(
      Object.entries(next).filter(
        ([name, value]) => JSON.stringify(value) !== JSON.stringify(now[name as InstanceSettingName]),
      ),
    );
    void save(change);
  }

  const setHere = (name: InstanceSettingName) => saved.setHere.includes(name);
  const reset = (name: InstanceSettingName) => void save({ [name]: null });
  const { defaults } = saved;

  return (
    <form onSubmit={submit} noValidate className="grid gap-5">
      <Setting>
        <SegmentedControl<SignupPolicy>
          legend="Who may make an account"
          name="signupPolicy"
          value={policy}
          onChange={setPolicy}
          options={(Object.keys(signupPolicyLabels) as SignupPolicy[]).map((value) => ({
            value,
            label: { open: "Anyone", invite_only: "Invitation", domains: "Domains" }[value],
            hint: signupPolicyLabels[value],
          }))}
        />
        <p className="text-sm text-neutral-600 dark:text-neutral-400">{policyHints[policy]}</p>
        {policy === "domains" && (
          <TextField
            label="Allowed domains"
            placeholder="studio.example, school.example"
            value={domains}
            onChange={(e) => setDomains(e.target.value)}
            error={errors.signupDomains}
            hint="Separated by commas or spaces. Sub-domains are not included."
          />
        )}
        <Source
          setHere={setHere("signupPolicy") || setHere("signupDomains")}
          defaultText={`“${signupPolicyLabels[defaults.signupPolicy].toLowerCase()}”`}
          onReset={() => void save({ signupPolicy: null, signupDomains: null })}
        />
      </Setting>
      <Setting>
        <TextField
          label="Credits a new account starts with"
          inputMode="numeric"
          className="max-w-56"
          value={grant}
          onChange={(e) => setGrant(e.target.value)}
          error={errors.signupGrant}
        />
        <Source
          setHere={setHere("signupGrant")}
          defaultText={String(defaults.signupGrant)}
          onReset={() => reset("signupGrant")}
        />
      </Setting>
      <Setting>
        <TextAreaField
          label="Announcement"
          rows={2}
          maxLength={ANNOUNCEMENT_MAX}
          placeholder="Shown at the top of every signed-in page. Leave empty for none."
          value={announcement}
          onChange={(e) => setAnnouncement(e.target.value)}
          error={errors.announcement}
        />
        <Source
          setHere={setHere("announcement")}
          defaultText={defaults.announcement ? `“${defaults.announcement}”` : "none"}
          onReset={() => reset("announcement")}
        />
      </Setting>
      <div className="flex justify-end">
        <Button type="submit" disabled={busy}>
          {busy ? (
            <LoaderCircle aria-hidden className="size-4 animate-spin" />
          ) : (
            <Save aria-hidden className="size-4" />
          )}
          Save settings
        </Button>
      </div>
    </form>
  );
}
