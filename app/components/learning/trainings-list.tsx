import { Download, LoaderCircle, X } from "lucide-react";
import { useState } from "react";
import { isTrainingOpen, trainingPresets, type TrainingView } from "#domain/training";
import { providerName } from "#domain/models";
import { callApi } from "~/lib/api/api-client";
import { toast } from "~/lib/state/toast-store";
import { formatDate, priceText } from "~/lib/words/object-format";
import { refusalMessage } from "~/lib/words/refusal-message";
import { cn } from "~/lib/ui/cn";
import { Button, buttonClasses } from "../ui/button";

const statusWords: Record<TrainingView["status"], string> = {
  queued: "Waiting to start",
  running: "Training",
  succeeded: "Trained",
  failed: "Failed",
  cancelled: "Cancelled",
};

/** What a training's end gave back, in words. */
function refundWords(training: TrainingView): string | null {
  if (training.refundedCredits === 0) return null;
  return training.refundedCredits === training.credits
    ? `${priceText(training.credits)} refunded`
    : `${priceText(training.refundedCredits)} of ${priceText(training.credits)} refunded`;
}

/** A style's or character's trainings, newest first: live progress, cancel, and the kept weights to download. */
export function TrainingsList(props: { trainings: TrainingView[]; onChanged: () => void }) {
  const [cancelling, setCancelling] = useState<string | null>(null);

  async function cancel(training: TrainingView) {
    setCancelling(training.id);
    try {
      const { training: ended } = await callApi("post", "/api/trainings/:id/cancel", { params: { id: training.id } });
      toast({ title: "Training cancelled", description: refundWords(ended) ?? undefined });
      props.onChanged();
    } catch (error) {
      toast.error("Cancel error", refusalMessage(error, "The training could not be cancelled. Please try again."));
    } finally {
      setCancelling(null);
    }
  }

  if (props.trainings.length === 0) return null;
  return (
    <ul aria-label="Trainings" className="grid gap-3">
      {props.trainings.map((training) => {
        const open = isTrainingOpen(training.status);
        const refund = refundWords(training);
        return (
          <li
            key={training.id}
            data-testid="training"
            className="grid gap-2 rounded-xl border border-neutral-200 p-3 dark:border-neutral-800"
          >
            <div className="flex flex-wrap items-center justify-between gap-2">
              <p className="text-sm">
                <span
                  className={cn(
                    "font-medium",
                    training.status === "succeeded" && "text-success-700 dark:text-success-400",
                    training.status === "failed" && "text-error-700 dark:text-error-400",
                  )}
                >
                  {statusWords[training.status]}
                </span>
                <span className="text-neutral-600 dark:text-neutral-400">
                  {" "}
                  · “{training.triggerWord}” · {providerName(training.provider)} ·{" "}
                  {trainingPresets[training.preset].label} · {training.pictureCount} pictures
                </span>
              </p>
              {open ? (
                <Button
                  variant="ghost"
                  size="sm"
                  disabled={cancelling === training.id}
                  onClick={() => void cancel(training)}
                  aria-label={`Cancel the training “${training.triggerWord}”`}
                >
                  {cancelling === training.id ? (
                    <LoaderCircle aria-hidden className="size-4 animate-spin" />
                  ) : (
                    <X aria-hidden className="size-4" />
                  )}
                  Cancel
                </Button>
              ) : (
                training.weightsKept && (
                  <a href={`/api/trainings/${training.id}/weights`} className={buttonClasses("ghost", "sm")} download>
                    <Download aria-hidden className="size-4" /> Weights
                  </a>
                )
              )}
            </div>
            {open && (
              <div
                role="progressbar"
                aria-label={`Training “${training.triggerWord}”`}
                aria-valuemin={0}
                aria-valuemax={100}
                aria-valuenow={training.progress}
                className="h-2 overflow-hidden rounded-full bg-neutral-100 dark:bg-neutral-800"
              >
                <div
                  className="h-full rounded-full bg-primary-600 transition-[width] duration-500"
                  style={{ width: `${Math.max(3, training.progress)}%` }}
                />
              </div>
            )}
            <p className="text-xs text-neutral-600 dark:text-neutral-400">
              {open && `${training.progress} % · `}
              {training.status === "succeeded" &&
                `Draw with it: choose ${providerName(training.provider)} in the composer · `}
              {formatDate(training.createdAt)} · {priceText(training.credits)}
              {refund && ` · ${refund}`}
              {training.error && ` · ${training.error}`}
            </p>
          </li>
        );
      })}
    </ul>
  );
}
