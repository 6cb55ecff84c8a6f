import { CheckCircle2, Clock, RotateCw, Send, XCircle } from "lucide-react";
import { useCallback, useEffect, useState } from "react";
import type { ApiKeyView } from "#domain/api-keys";
import type { WebhookDeliveryView } from "#domain/webhooks";
import { ApiError } from "~/lib/api/api";
import { callApi } from "~/lib/api/api-client";
import { toast } from "~/lib/state/toast-store";
import { Button } from "./ui/button";
import { ModalDialog } from "./ui/sheet-dialog";
import { dateFormatter } from "~/lib/words/intl-format";

const when = dateFormatter({ dateStyle: "medium", timeStyle: "short" });

const eventLabels: Record<WebhookDeliveryView["event"], string> = {
  "job.succeeded": "Job succeeded",
  "job.failed": "Job failed",
  "job.canceled": "Job cancelled",
  "webhook.test": "Test event",
};

const statusLooks = {
  delivered: {
    label: "Delivered",
    Icon: CheckCircle2,
    className: "bg-success-50 text-success-800 dark:bg-success-950 dark:text-success-200",
  },
  pending: {
    label: "Retrying",
    Icon: Clock,
    className: "bg-warning-50 text-warning-800 dark:bg-warning-950 dark:text-warning-200",
  },
  failed: {
    label: "Failed",
    Icon: XCircle,
    className: "bg-error-50 text-error-800 dark:bg-error-950 dark:text-error-200",
  },
} as const;

/** "HTTP 410 · 2 attempts" or "No answer · 1 attempt". */
function answerLine(delivery: WebhookDeliveryView): string {
  const answer = delivery.lastStatus ? `HTTP ${delivery.lastStatus}` : "No answer";
  return `${answer} · ${delivery.attempts} attempt${delivery.attempts === 1 ? "" : "s"}`;
}

/**
 * A key's webhook deliveries: each event, how it went and what the receiver answered, with
 * a test event to check the endpoint and a redelivery for one that failed.
 */
export function WebhookDeliveriesDialog(props: { apiKey: ApiKeyView; onClose(): void; onChanged(): void }) {
  const { apiKey } = props;
  const [deliveries, setDeliveries] = useState<WebhookDeliveryView[] | null>(null);
  const [failed, setFailed] = useState(false);
  /** "test" while a test event is out, or the id of the delivery being sent again. */
  const [sending, setSending] = useState<string | null>(null);

  const load = useCallback(async () => {
    try {
      setDeliveries(
        (await callApi("get", "/api/keys/:id/webhook/deliveries", { params: { id: apiKey.id } })).deliveries,
      );
      setFailed(false);
    } catch {
      setFailed(true);
    }
  }, [apiKey.id]);
  useEffect(() => void load(), [load]);

  async function send(what: string, post: () => Promise<{ delivery: WebhookDeliveryView }>) {
    setSending(what);
    try {
      const { delivery } = await post();
      const name = what === "test" ? "Test event" : "Event";
      if (delivery.status === "delivered")
        toast({ title: `${name} delivered`, description: answerLine(delivery), color: "success" });
      else toast.error(`${name} not delivered`, delivery.lastError ?? answerLine(delivery));
      await load();
      props.onChanged();
    } catch (error) {
      toast.error("Not sent", error instanceof ApiError ? error.message : "Please try again.");
    } finally {
      setSending(null);
    }
  }

  const sendTest = () =>
    send("test", () => callApi("post", "/api/keys/:id/webhook/test", { params: { id: apiKey.id } }));
  const redeliver = (deliveryId: string) =>
    send(deliveryId, () =>
      callApi("post", "/api/keys/:id/webhook/deliveries/:deliveryId/redeliver", {
        params: { id: apiKey.id, deliveryId },
      }),
    );

  return (
    <ModalDialog
      open
      onOpenChange={(open) => !open && props.onClose()}
      title={`Deliveries for “${apiKey.name}”`}
      description={`Events posted to ${apiKey.webhookUrl ?? "this key's webhook"}, newest first.`}
    >
      <div className="grid gap-4">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <p className="text-sm text-neutral-600 dark:text-neutral-400">
            A test event is signed like every event and costs nothing.
          </p>
          <Button variant="secondary" disabled={sending !== null} onClick={() => void sendTest()}>
            <Send aria-hidden className="size-4" /> {sending === "test" ? "Sending…" : "Send test event"}
          </Button>
        </div>
        {failed && !deliveries ? (
          <p role="alert" className="text-sm text-error-700 dark:text-error-300">
            The deliveries could not be loaded.{" "}
            <button type="button" className="font-medium underline underline-offset-2" onClick={() => void load()}>
              Try again
            </button>
          </p>
        ) : !deliveries ? (
          <div aria-hidden className="grid gap-2">
            {[0, 1, 2].map((i) => (
              <div key={i} className="h-16 animate-pulse rounded-xl bg-neutral-100 dark:bg-neutral-800" />
            ))}
          </div>
        ) : deliveries.length === 0 ? (
          <p className="rounded-xl border border-dashed border-neutral-300 p-4 text-sm text-neutral-600 dark:border-neutral-700 dark:text-neutral-400">
            No deliveries yet. When a job this key started ends, Motif posts it here. Send a test event to check that
            your endpoint answers and verifies the signature.
          </p>
        ) : (
          <ul aria-label="Deliveries" className="grid gap-2">
            {deliveries.map((delivery) => (
              <DeliveryRow
                key={delivery.id}
                delivery={delivery}
                busy={sending !== null}
                sending={sending === delivery.id}
                onRedeliver={() => void redeliver(delivery.id)}
              />
            ))}
          </ul>
        )}
      </div>
    </ModalDialog>
  );
}

function DeliveryRow(props: { delivery: WebhookDeliveryView; busy: boolean; sending: boolean; onRedeliver(): void }) {
  const { delivery } = props;
  const look = statusLooks[delivery.status];
  return (
    <li
      data-testid="webhook-delivery"
      className="grid gap-2 rounded-xl border border-neutral-200 p-3 text-sm dark:border-neutral-800"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="flex min-w-0 flex-wrap items-center gap-2">
          <span
            className={`inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-medium ${look.className}`}
          >
            <look.Icon aria-hidden className="size-3.5" /> {look.label}
          </span>
          <span className="font-medium">{eventLabels[delivery.event]}</span>
          <time className="text-xs text-neutral-600 dark:text-neutral-400" dateTime={delivery.createdAt}>
            {when(delivery.createdAt)}
          </time>
        </div>
        {delivery.status !== "pending" && (
          <Button
            variant="secondary"
            disabled={props.busy}
            onClick={props.onRedeliver}
            aria-label={`Redeliver the ${eventLabels[delivery.event].toLowerCase()} event of ${when(delivery.createdAt)}`}
          >
            <RotateCw aria-hidden className={`size-4 ${props.sending ? "animate-spin" : ""}`} /> Redeliver
          </Button>
        )}
      </div>
      <p className="text-xs text-neutral-600 tabular-nums dark:text-neutral-400">
        {answerLine(delivery)}
        {delivery.lastError && delivery.status !== "delivered" && ` · ${delivery.lastError}`}
      </p>
      {delivery.lastResponse && (
        <details className="text-xs">
          <summary className="cursor-pointer text-neutral-600 dark:text-neutral-400">
            What the receiver answered
          </summary>
          <pre className="mt-2 max-h-40 overflow-auto rounded-lg bg-neutral-50 p-2 font-mono break-all whitespace-pre-wrap dark:bg-neutral-950">
            {delivery.lastResponse}
          </pre>
        </details>
      )}
    </li>
  );
}
