import { Check, CircleAlert, CircleStop, Clock, LoaderCircle, type LucideIcon } from "lucide-react";
import { useRef, useState } from "react";
import { AppLink } from "~/components/app-link";
import { isActiveStatus, type JobStatus } from "#domain/jobs";
import { isPreview } from "#domain/preview";
import type { JobView } from "#domain/objects";
import { cn } from "~/lib/ui/cn";
import { objectState } from "~/lib/state/job-progress";
import { plural, priceText } from "~/lib/words/object-format";
import { PreviewBadge } from "../preview-badge";

/** Objects shown per job before "and N more": fewer once a job has finished. */
const SHOWN_OBJECTS = { active: 12, finished: 6 };

const statusText: Record<JobStatus, string> = {
  queued: "Waiting to start",
  running: "Generating",
  succeeded: "Done",
  failed: "Failed",
  canceled: "Cancelled",
};

const statusStyles: Record<JobStatus, string> = {
  queued: "bg-neutral-100 text-neutral-700 dark:bg-neutral-800 dark:text-neutral-300",
  running: "bg-primary-50 text-primary-700 dark:bg-primary-950/60 dark:text-primary-300",
  succeeded: "bg-success-50 text-success-800 dark:bg-success-950/60 dark:text-success-300",
  failed: "bg-error-50 text-error-800 dark:bg-error-950/60 dark:text-error-300",
  canceled: "bg-neutral-100 text-neutral-700 dark:bg-neutral-800 dark:text-neutral-300",
};

/** One generation: what it makes, how far it is, each object's share, and Cancel while it runs. */
export function JobCard(props: { job: JobView; onCancel(job: JobView): Promise<void> }) {
  const { job } = props;
  const active = isActiveStatus(job.status);
  const [expanded, setExpanded] = useState(false);
  const [busy, setBusy] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  const shown = expanded ? job.objects : job.objects.slice(0, SHOWN_OBJECTS[active ? "active" : "finished"]);
  const hidden = job.objects.length - shown.length;
  // A model that reports its steps moves the bar within the image being made.
  const partial = job.step && job.step.steps > 0 ? Math.min(1, job.step.step / job.step.steps) : 0;
  const percent = job.total > 0 ? ((job.completed + partial) / job.total) * 100 : 0;

  async function cancel() {
    setBusy(true);
    try {
      await props.onCancel(job);
    } finally {
      setBusy(false);
      // The Cancel button is gone once the job stops: keep the keyboard user on this job.
      if (!document.activeElement || document.activeElement === document.body) heading.current?.focus();
    }
  }

  return (
    <article
      aria-labelledby={`job-${job.id}`}
      data-testid="job-card"
      data-job-id={job.id}
      data-status={job.status}
      className="rounded-2xl border border-neutral-200 bg-white p-4 shadow-xs sm:p-5 dark:border-neutral-800 dark:bg-neutral-900"
    >
      <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2">
        <div className="min-w-0 flex-1">
          <h3
            id={`job-${job.id}`}
            ref={heading}
            tabIndex={-1}
            title={job.title}
            className="truncate font-semibold outline-none"
          >
            {job.title}
          </h3>
          <p className="mt-0.5 text-xs text-neutral-600 tabular-nums dark:text-neutral-400">
            <PreviewBadge provider={job.provider} className="mr-1.5 align-middle" />
            {!isPreview(job.provider) && <span data-testid="job-model">{job.modelLabel} · </span>}
            {priceText(job.credits)}
            {job.refundedCredits > 0 && ` · ${job.refundedCredits} refunded`}
            {job.kind === "object-images" && job.completed > 0 && (
              <>
                {" · "}
                <AppLink
                  to={`/app/object?set=${encodeURIComponent(job.id)}`}
                  className="font-medium text-primary-700 hover:underline dark:text-primary-300"
                >
                  Open the set<span className="sr-only">: {job.title}</span>
                </AppLink>
              </>
            )}
          </p>
        </div>
        <div className="flex items-center gap-2">
          <span
            className={cn(
              "inline-flex items-center gap-1.5 rounded-full px-2.5 py-0.5 text-xs font-medium",
              statusStyles[job.status],
            )}
          >
            {job.status === "running" && <LoaderCircle aria-hidden className="size-3 animate-spin" />}
            {statusText[job.status]}
          </span>
          {active && (
            <button
              type="button"
              disabled={busy}
              onClick={() => void cancel()}
              aria-label={`Cancel ${job.title}`}
              className="rounded-lg px-2 py-1 text-sm font-medium text-neutral-600 transition hover:bg-neutral-100 hover:text-neutral-900 disabled:opacity-50 dark:text-neutral-300 dark:hover:bg-neutral-800 dark:hover:text-white"
            >
              {busy ? "Cancelling…" : "Cancel"}
            </button>
          )}
        </div>
      </div>

      <div className="mt-4 grid gap-1.5">
        <p
          role="status"
          className="flex justify-between gap-2 text-xs font-medium text-neutral-600 dark:text-neutral-400"
        >
          <span>
            {active
              ? job.status === "queued"
                ? "Waiting for a worker…"
                : job.step
                  ? `Making images… step ${job.step.step} of ${job.step.steps}`
                  : "Making images…"
              : statusText[job.status]}
          </span>
          <span className="tabular-nums">
            {job.completed} of {plural(job.total, "image")}
          </span>
        </p>
        <div
          role="progressbar"
          aria-label={`${job.title}: progress`}
          aria-valuemin={0}
          aria-valuemax={job.total}
          aria-valuenow={job.completed}
          className="h-1.5 overflow-hidden rounded-full bg-neutral-100 dark:bg-neutral-800"
        >
          <div
            className={cn(
              "h-full rounded-full transition-[width] duration-500",
              job.status === "failed"
                ? "bg-error-500"
                : job.status === "canceled"
                  ? "bg-neutral-400 dark:bg-neutral-600"
                  : "bg-gradient-to-r from-primary-500 to-secondary-500",
            )}
            style={{ width: `${active ? Math.max(4, percent) : percent}%` }}
          />
        </div>
      </div>

      {job.error && !active && (
        <p
          role={job.status === "failed" ? "alert" : undefined}
          className={cn(
            "mt-3 flex gap-2 rounded-lg p-2.5 text-xs",
            job.status === "failed"
              ? "bg-error-50 text-error-800 dark:bg-error-950/60 dark:text-error-200"
              : "bg-neutral-100 text-neutral-700 dark:bg-neutral-800 dark:text-neutral-300",
          )}
        >
          {job.status === "failed" ? (
            <CircleAlert aria-hidden className="size-4 shrink-0" />
          ) : (
            <CircleStop aria-hidden className="size-4 shrink-0" />
          )}
          {job.error}
        </p>
      )}

      {job.objects.length > 0 && (
        <ul className="mt-4 flex flex-wrap gap-1.5" aria-label={`Objects in ${job.title}`}>
          {shown.map((object) => (
            <ObjectChip key={object.id} object={object} status={job.status} />
          ))}
          {hidden > 0 && (
            <li>
              <button
                type="button"
                onClick={() => setExpanded(true)}
                className="inline-flex h-7 items-center rounded-full px-2.5 text-xs font-medium text-primary-700 hover:bg-primary-50 dark:text-primary-300 dark:hover:bg-primary-950/60"
              >
                and {hidden} more
              </button>
            </li>
          )}
        </ul>
      )}
    </article>
  );
}

const chipIcons: Record<ReturnType<typeof objectState>, LucideIcon> = {
  waiting: Clock,
  working: LoaderCircle,
  done: Check,
  stopped: CircleStop,
};

function ObjectChip(props: { object: JobView["objects"][number]; status: JobStatus }) {
  const { object } = props;
  const state = objectState(object, props.status);
  const Icon = chipIcons[state];
  const words = {
    waiting: "waiting",
    working: `${object.completed} of ${object.total} made`,
    done: "done",
    stopped: "stopped",
  }[state];
  // The link is named "Potion: done" (its visible text, then its state); the count sits beside it,
  // and the link's ::after covers the whole chip, so all of it can be clicked.
  return (
    <li className={state === "done" ? "job-chip job-chip-done" : "job-chip job-chip-idle"}>
      <Icon
        aria-hidden
        className={cn(
          "size-3.5 shrink-0",
          state === "working" && "animate-spin text-primary-600 dark:text-primary-400",
          state === "done" && "text-success-600 dark:text-success-400",
        )}
      />
      <AppLink
        to={`/app/object/${object.id}`}
        aria-label={`${object.name}: ${words}`}
        className="truncate outline-none after:absolute after:inset-0 after:rounded-full"
      >
        {object.name}
      </AppLink>
      {object.total > 1 && (
        <span aria-hidden className="shrink-0 text-neutral-500 tabular-nums dark:text-neutral-400">
          {object.completed}/{object.total}
        </span>
      )}
    </li>
  );
}
