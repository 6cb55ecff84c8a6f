import { KeyRound, Plus } from "lucide-react";
import { useCallback, useEffect, useId, useState, type FormEvent, type ReactNode } from "react";
import type { ApiKeyView } from "#domain/api-keys";
import { ApiError, fieldErrors } from "~/lib/api/api";
import { callApi } from "~/lib/api/api-client";
import { toast } from "~/lib/state/toast-store";
import { useTeamName } from "~/lib/hooks/use-shell-data";
import { CopySnippet } from "./setup/copy-snippet";
import { Button } from "./ui/button";
import { DialogFormActions } from "./ui/dialog-form-actions";
import { ConfirmDialog } from "./ui/confirm-dialog";
import { ModalDialog } from "./ui/sheet-dialog";
import { WebhookDeliveriesDialog } from "./webhook-deliveries";
import { inputClasses, TextField } from "./ui/text-field";
import { dateFormatter } from "~/lib/words/intl-format";

const day = dateFormatter({ dateStyle: "medium" });
const expiryChoices = [
  { label: "Never", days: undefined },
  { label: "In 30 days", days: 30 },
  { label: "In 90 days", days: 90 },
  { label: "In a year", days: 365 },
] as const;

/** Settings → API keys: make keys for scripts and agents, see what each spent, revoke them. */
export function ApiKeys() {
  const [keys, setKeys] = useState<ApiKeyView[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [creating, setCreating] = useState(false);

  const load = useCallback(async () => {
    try {
      setKeys((await callApi("get", "/api/keys")).keys);
      setFailed(false);
    } catch {
      setFailed(true);
    }
  }, []);
  useEffect(() => void load(), [load]);

  return (
    <div className="grid gap-4">
      <div>
        <Button id="create-api-key" variant="secondary" onClick={() => setCreating(true)}>
          <Plus aria-hidden className="size-4" /> Create API key
        </Button>
      </div>
      {failed && !keys ? (
        <p role="alert" className="text-sm text-error-700 dark:text-error-300">
          Your API keys could not be loaded.{" "}
          <button type="button" className="font-medium underline underline-offset-2" onClick={() => void load()}>
            Try again
          </button>
        </p>
      ) : !keys ? (
        <div aria-hidden className="h-16 animate-pulse rounded-xl bg-neutral-100 dark:bg-neutral-800" />
      ) : keys.length === 0 ? (
        <p className="rounded-xl border border-dashed border-neutral-300 p-4 text-sm text-neutral-600 dark:border-neutral-700 dark:text-neutral-400">
          No keys yet. A key lets a script, a build pipeline or an AI agent use Motif as you, through the JSON API or
          MCP. It can spend your credits but never manage keys or your account.
        </p>
      ) : (
        <ul aria-label="API keys" className="grid gap-3">
          {keys.map((key) => (
            <KeyRow key={key.id} apiKey={key} onRevoked={() => void load()} />
          ))}
        </ul>
      )}
      {creating && <CreateKeyDialog onClose={() => setCreating(false)} onCreated={() => void load()} />}
    </div>
  );
}

function deliveryText(delivery: NonNullable<ApiKeyView["lastDelivery"]>): string {
  if (delivery.status === "delivered") return `delivered ${day(delivery.deliveredAt ?? delivery.createdAt)}`;
  if (delivery.status === "pending") return `retrying (${delivery.attempts} attempts so far)`;
  return `failed${delivery.lastStatus ? ` (HTTP ${delivery.lastStatus})` : delivery.lastError ? ` (${delivery.lastError})` : ""}`;
}

function KeyRow({ apiKey, onRevoked }: { apiKey: ApiKeyView; onRevoked(): void }) {
  const [editingWebhook, setEditingWebhook] = useState(false);
  const [viewingDeliveries, setViewingDeliveries] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  async function revoke() {
    setBusy(true);
    try {
      await callApi("delete", "/api/keys/:id", { params: { id: apiKey.id } });
      toast({ title: "Key revoked", description: `${apiKey.name} no longer works.`, color: "success" });
      onRevoked();
    } catch (error) {
      toast.error("Key not revoked", error instanceof ApiError ? error.message : "Please try again.");
    } finally {
      setBusy(false);
      setConfirming(false);
    }
  }
  const facts = [
    `Created ${day(apiKey.createdAt)}`,
    apiKey.lastUsedAt ? `last used ${day(apiKey.lastUsedAt)}` : "never used",
    apiKey.expiresAt ? `expires ${day(apiKey.expiresAt)}` : "no expiry",
  ];
  return (
    <li
      data-testid="api-key"
      className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-neutral-200 p-4 dark:border-neutral-800"
    >
      <div className="flex min-w-0 items-start gap-3">
        <KeyRound aria-hidden className="mt-0.5 size-4 shrink-0 text-neutral-500" />
        <div className="min-w-0">
          <p className="font-medium break-words">{apiKey.name}</p>
          <p className="font-mono text-xs text-neutral-600 dark:text-neutral-400">{apiKey.prefix}…</p>
          <p className="mt-1 text-xs text-neutral-600 dark:text-neutral-400">{facts.join(" · ")}</p>
          <p className="text-xs text-neutral-600 tabular-nums dark:text-neutral-400">
            {apiKey.monthlyCreditCap
              ? `${apiKey.spentThisMonth} of ${apiKey.monthlyCreditCap} credits this month`
              : `${apiKey.spentThisMonth} credits this month, no cap`}
          </p>
          {apiKey.webhookUrl && (
            <p className="text-xs break-all text-neutral-600 dark:text-neutral-400" data-testid="key-webhook">
              Webhook {apiKey.webhookUrl}
              {apiKey.lastDelivery && ` · last ${apiKey.lastDelivery.event}: ${deliveryText(apiKey.lastDelivery)}`}
            </p>
          )}
        </div>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" onClick={() => setEditingWebhook(true)} aria-label={`Webhook for ${apiKey.name}`}>
          Webhook
        </Button>
        {apiKey.webhookUrl && (
          <Button
            variant="secondary"
            onClick={() => setViewingDeliveries(true)}
            aria-label={`Deliveries for ${apiKey.name}`}
          >
            Deliveries
          </Button>
        )}
        <ConfirmDialog
          open={confirming}
          onOpenChange={setConfirming}
          trigger={
            <Button variant="secondary" aria-label={`Revoke ${apiKey.name}`}>
              Revoke
            </Button>
          }
          title={`Revoke “${apiKey.name}”?`}
          description="Anything using this key stops working at once. This cannot be undone."
          confirmLabel="Revoke key"
          busy={busy}
          onConfirm={() => void revoke()}
          // The key's row is gone once it is revoked: focus goes on to making another.
          returnFocusTo={() => document.getElementById("create-api-key")}
        />
      </div>
      {editingWebhook && <WebhookDialog apiKey={apiKey} onClose={() => setEditingWebhook(false)} onSaved={onRevoked} />}
      {viewingDeliveries && (
        <WebhookDeliveriesDialog apiKey={apiKey} onClose={() => setViewingDeliveries(false)} onChanged={onRevoked} />
      )}
    </li>
  );
}

function CreateKeyDialog(props: { onClose(): void; onCreated(): void }) {
  // A key acts in the workspace it is made in: in a team's, on the team's records and credits.
  const team = useTeamName();
  const [name, setName] = useState("");
  const [expiry, setExpiry] = useState<number | undefined>(undefined);
  const [cap, setCap] = useState("");
  const [webhookUrl, setWebhookUrl] = useState("");
  const [webhookSecret, setWebhookSecret] = useState<string | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [secret, setSecret] = useState<string | null>(null);
  const expiryId = useId();

  async function submit(event: FormEvent) {
    event.preventDefault();
    const body = {
      name: name.trim(),
      ...(expiry ? { expiresInDays: expiry } : {}),
      ...(cap.trim() ? { monthlyCreditCap: Number(cap) } : {}),
      ...(webhookUrl.trim() ? { webhookUrl: webhookUrl.trim() } : {}),
    };
    if (!body.name) return setErrors({ name: "Give the key a name." });
    setErrors({});
    setBusy(true);
    try {
      const created = await callApi("post", "/api/keys", { body });
      setSecret(created.secret);
      setWebhookSecret(created.webhookSecret);
      props.onCreated();
    } catch (error) {
      if (error instanceof ApiError && error.fields.length) setErrors(fieldErrors(error));
      else toast.error("Key not created", error instanceof ApiError ? error.message : "Please try again.");
    } finally {
      setBusy(false);
    }
  }

  return (
    <ModalDialog
      open
      onOpenChange={(open) => !open && props.onClose()}
      title={secret ? "Copy your new key" : "Create API key"}
      description={
        secret
          ? "This is the only time the key is shown. Keep it somewhere safe, like a password manager or your CI's secrets."
          : team
            ? `A key acts as you on the JSON API and MCP, in ${team}: it sees the team's styles and objects and spends the team's credits, never manages keys or your account, and stops working if you leave the team.`
            : "A key acts as you on the JSON API and MCP. It can spend your credits, never manage keys or your account."
      }
    >
      {secret ? (
        <ShownOnce onDone={props.onClose}>
          <CopySnippet label="API key" text={secret} />
          {webhookSecret && <CopySnippet label="Webhook signing secret" text={webhookSecret} />}
          <CopySnippet
            label="Try it"
            text={`curl -H "Authorization: Bearer ${secret}" ${typeof window === "undefined" ? "" : window.location.origin}/api/styles`}
          />
        </ShownOnce>
      ) : (
        <form onSubmit={submit} className="grid gap-5" noValidate>
          <TextField
            label="Name"
            value={name}
            onChange={(e) => setName(e.target.value)}
            maxLength={60}
            placeholder="Build server"
            hint="So you know which key is which."
            error={errors.name}
            autoFocus
          />
          <div className="grid gap-1.5">
            <label htmlFor={expiryId} className="text-sm font-medium">
              Expires
            </label>
            <select
              id={expiryId}
              value={expiry ?? ""}
              onChange={(e) => setExpiry(e.target.value ? Number(e.target.value) : undefined)}
              className={inputClasses}
            >
              {expiryChoices.map((choice) => (
                <option key={choice.label} value={choice.days ?? ""}>
                  {choice.label}
                </option>
              ))}
            </select>
          </div>
          <TextField
            label="Monthly credit cap"
            inputMode="numeric"
            value={cap}
            onChange={(e) => setCap(e.target.value.replace(/\D/g, ""))}
            placeholder="No cap"
            hint="Optional. The most this key may spend in a calendar month."
            error={errors.monthlyCreditCap}
          />
          <WebhookUrlField
            value={webhookUrl}
            onChange={setWebhookUrl}
            hint="Optional. Motif posts a signed message here when a job this key started finishes or fails."
            error={errors.webhookUrl}
          />
          <DialogFormActions busy={busy} submitLabel="Create key" onCancel={props.onClose} />
        </form>
      )}
    </ModalDialog>
  );
}

/** Secrets shown this once, and the button that puts them away. */
function ShownOnce(props: { onDone(): void; children: ReactNode }) {
  return (
    <div className="grid gap-5">
      {props.children}
      <div className="flex justify-end">
        <Button onClick={props.onDone}>Done</Button>
      </div>
    </div>
  );
}

function WebhookUrlField(props: {
  value: string;
  onChange(value: string): void;
  hint?: string;
  error?: string;
  autoFocus?: boolean;
}) {
  return (
    <TextField
      label="Webhook URL"
      type="url"
      value={props.value}
      onChange={(e) => props.onChange(e.target.value)}
      placeholder="https://ci.example.com/motif-hook"
      hint={props.hint}
      error={props.error}
      autoFocus={props.autoFocus}
    />
  );
}

/** Sets, changes or removes a key's webhook; a new signing secret is shown once. */
function WebhookDialog(props: { apiKey: ApiKeyView; onClose(): void; onSaved(): void }) {
  const [url, setUrl] = useState(props.apiKey.webhookUrl ?? "");
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [secret, setSecret] = useState<string | null>(null);

  async function save(webhookUrl: string | null) {
    setBusy(true);
    try {
      const saved = await callApi("patch", "/api/keys/:id", { params: { id: props.apiKey.id }, body: { webhookUrl } });
      props.onSaved();
      if (saved.webhookSecret) setSecret(saved.webhookSecret);
      else {
        toast({ title: webhookUrl ? "Webhook saved" : "Webhook removed", color: "success" });
        props.onClose();
      }
    } catch (caught) {
      setError(caught instanceof ApiError ? caught.message : "The webhook could not be saved. Please try again.");
    } finally {
      setBusy(false);
    }
  }

  return (
    <ModalDialog
      open
      onOpenChange={(open) => !open && props.onClose()}
      title={secret ? "Copy the signing secret" : `Webhook for “${props.apiKey.name}”`}
      description={
        secret
          ? "Check each message's Motif-Signature with this secret. It is shown only now."
          : "Motif posts a signed JSON message here when a job this key started succeeds, fails or is cancelled."
      }
    >
      {secret ? (
        <ShownOnce onDone={props.onClose}>
          <CopySnippet label="Webhook signing secret" text={secret} />
        </ShownOnce>
      ) : (
        <form
          className="grid gap-5"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void save(url.trim() || null);
          }}
        >
          <WebhookUrlField value={url} onChange={setUrl} error={error} autoFocus />
          <div className="flex flex-wrap justify-end gap-3">
            {props.apiKey.webhookUrl && (
              <Button type="button" variant="secondary" disabled={busy} onClick={() => void save(null)}>
                Remove webhook
              </Button>
            )}
            <Button type="submit" disabled={busy || !url.trim()}>
              Save
            </Button>
          </div>
        </form>
      )}
    </ModalDialog>
  );
}
