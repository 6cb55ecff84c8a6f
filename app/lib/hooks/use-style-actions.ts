import { useRevalidator } from "react-router";
import type { StyleView } from "#domain/styles";
import { ApiError } from "~/lib/api/api";
import { callApi } from "~/lib/api/api-client";
import { reservedText } from "~/lib/words/object-format";
import { refusalMessage } from "~/lib/words/refusal-message";
import { toast } from "~/lib/state/toast-store";

/**
 * What can be done to a style wherever it is shown (the styles list, its own page): delete it,
 * stop its sample job, make its missing samples, make four new ones, keep the ones it has. Each
 * says how it went in a toast and loads the page again; a paid one calls `refreshBalance` too.
 */
export function useStyleActions(refreshBalance: () => unknown) {
  const revalidator = useRevalidator();

  /** True when the style is gone. */
  async function remove(style: StyleView): Promise<boolean> {
    try {
      await callApi("delete", "/api/styles/:id", { params: { id: style.id } });
      toast({ title: "Style deleted", description: `${style.name} and its images were deleted.`, color: "success" });
      return true;
    } catch {
      toast({ title: "Style error", description: "The style could not be deleted. Please try again.", color: "error" });
      return false;
    }
  }

  async function cancel(style: StyleView) {
    try {
      const result = await callApi("post", "/api/styles/:id/cancel", { params: { id: style.id } });
      toast({ title: "Generation cancelled", description: result.message ?? "Stopped.", color: "success" });
    } catch (error) {
      toast({
        title: "Cancel error",
        description:
          error instanceof ApiError && error.status === 409
            ? error.message
            : "The generation could not be cancelled. Please try again.",
        color: "error",
      });
    } finally {
      await revalidator.revalidate();
    }
  }

  /** Starts a paid sample job for `style` (`anchors`: the missing ones; `samples`: four new ones). */
  async function startSamples(
    style: StyleView,
    path: "anchors" | "samples",
    started: { title: string; description: (credits: number) => string },
  ) {
    try {
      // One key per click: a repeated request (a flaky network) returns the same job, never a second charge.
      const { job } = await callApi("post", `/api/styles/:id/${path}`, {
        params: { id: style.id },
        headers: { "Idempotency-Key": crypto.randomUUID() },
      });
      toast({ title: started.title, description: started.description(job.credits), color: "success" });
    } catch (error) {
      toast({
        title: "Generation error",
        description: refusalMessage(error, "The samples could not be started. Please try again."),
        color: "error",
      });
    } finally {
      await revalidator.revalidate();
      void refreshBalance();
    }
  }

  const completeSamples = (style: StyleView) =>
    startSamples(style, "anchors", {
      title: "Making samples",
      description: (credits) => `${style.name}: ${reservedText(credits)}`,
    });

  const regenerateSamples = (style: StyleView) =>
    startSamples(style, "samples", {
      title: "Making new samples",
      description: (credits) =>
        `${style.name}: ${credits} credits reserved. You pay only for the samples that are made.`,
    });

  async function keepSamples(style: StyleView) {
    try {
      await callApi("post", "/api/styles/:id/samples/keep", { params: { id: style.id } });
    } catch {
      toast({ title: "Style error", description: "The samples could not be kept. Please try again.", color: "error" });
    } finally {
      await revalidator.revalidate();
    }
  }

  return { remove, cancel, completeSamples, regenerateSamples, keepSamples };
}
