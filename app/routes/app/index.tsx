import { creditsRefunded } from "#domain/credit-words";
import { useReveal } from "~/lib/hooks/use-reveal";
import { ArrowRight, Boxes, Sparkles } from "lucide-react";
import { useState } from "react";
import { AppLink } from "~/components/app-link";
import { isActiveStatus } from "#domain/jobs";
import { listObjectsQuerySchema, type JobView } from "#domain/objects";
import { JobCard } from "~/components/objects/job-card";
import { ObjectCard, ObjectCardSkeleton, objectCardData, objectGridClasses } from "~/components/objects/object-card";
import { ObjectComposer } from "~/components/objects/object-composer";
import { PageHeader } from "~/components/page-header";
import { useSampleViewer } from "~/components/sample-viewer";
import { StyleCard, StyleCardSkeleton } from "~/components/style-card";
import { AfterHydration } from "~/components/ui/after-hydration";

import { callApi } from "~/lib/api/api-client";
import { refusalMessage } from "~/lib/words/refusal-message";
import { mergeJob } from "~/lib/state/job-progress";
import { toast } from "~/lib/state/toast-store";
import { useCoalescedRevalidate, useLiveJobs } from "~/lib/hooks/use-live-jobs";
import { useLiveStyles } from "~/lib/hooks/use-live-styles";
import { workspaceContext } from "#server/ui/require-user.server";
import { servicesContext } from "#server/ui/context";
import { listRecentJobs } from "#server/generation/job-views.server";
import { listObjects } from "#server/objects/object-queries.server";
import { presentStyle } from "#server/styles/present-style.server";
import { listStyles } from "#server/styles/styles.server";
import { readComposerLearning } from "#server/learning/composer-learning.server";
import { keptPageData } from "#server/ui/kept-page-data.server";
import type { Route } from "./+types/index";

/** Objects in "Latest objects": two rows of four on a wide screen. */
const LATEST_OBJECTS = 8;
/** Styles in "Your latest styles". */
const LATEST_STYLES = 3;

export function meta() {
  return [{ title: "Create · Motif" }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const { db } = services.database;
  const workspace = context.get(workspaceContext);
  // Read anew only after the person's records changed (docs/decisions/065).
  const { styles, jobs, latest, learning } = await keptPageData(context, "create page", async () => {
    const [styles, jobs, latest, learning] = await Promise.all([
      listStyles(db, workspace.id),
      listRecentJobs(db, { workspaceId: workspace.id }),
      listObjects(db, {
        workspaceId: workspace.id,
        query: listObjectsQuerySchema.parse({ limit: LATEST_OBJECTS }),
        signer: services.imageUrls,
      }),
      readComposerLearning(db, workspace.id),
    ]);
    return {
      styles: styles.map((style) => presentStyle(style, services.imageUrls)),
      jobs,
      latest: latest.objects.map(objectCardData),
      learning,
    };
  });
  return {
    styles,
    jobs,
    latest,
    learning,
    // "Generate objects in this style" links arrive with ?style=.
    initialStyleId: new URL(request.url).searchParams.get("style"),
  };
}

export default function CreatePage({ loaderData }: Route.ComponentProps) {
  const { styles, latest } = loaderData;
  const revalidate = useCoalescedRevalidate();
  const reveal = useReveal();
  const live = useLiveJobs(revalidate);
  const styleProgress = useLiveStyles(revalidate);
  const recentStyles = styles.slice(0, LATEST_STYLES);
  const samples = useSampleViewer(recentStyles);
  // A job just submitted shows at once, before the next load lists it.
  const [submitted, setSubmitted] = useState<JobView[]>([]);
  const known = new Set(loaderData.jobs.map((j) => j.id));
  const jobs = [...submitted.filter((j) => !known.has(j.id)), ...loaderData.jobs].map((j) => mergeJob(j, live[j.id]));
  const running = jobs.filter((j) => isActiveStatus(j.status)).length;

  async function cancel(job: JobView) {
    try {
      const result = await callApi("post", "/api/jobs/:id/cancel", { params: { id: job.id } });
      toast({
        title: "Generation cancelled",
        description:
          result.message ||
          (result.refunded > 0 ? `Stopped. ${creditsRefunded(result.refunded, "unused")}.` : "Stopped."),
        color: "success",
      });
    } catch (error) {
      toast({
        title: "Cancel error",
        description: refusalMessage(error, "The generation could not be cancelled. Please try again."),
        color: "error",
      });
    } finally {
      revalidate();
    }
  }

  return (
    <>
      <PageHeader
        title="What do you want to make?"
        description="Name your objects, pick a style, and get a set that belongs together — priced before you spend a credit."
      />
      <ObjectComposer
        styles={styles}
        learning={loaderData.learning}
        initialStyleId={loaderData.initialStyleId}
        onGenerated={({ job }) => {
          setSubmitted((current) => [job, ...current]);
          // Its card shows below the composer: scrolled into view, the user sees it start.
          reveal(`[data-job-id="${job.id}"]`);
          revalidate();
        }}
      />

      {jobs.length > 0 && (
        <section className="mt-12" aria-labelledby="running-heading">
          <div className="flex items-baseline justify-between gap-4">
            <h2 id="running-heading" className="text-lg font-semibold">
              {running > 0 ? "Running" : "Recent jobs"}
            </h2>
            <p className="text-sm text-neutral-600 dark:text-neutral-400">
              {running > 0 ? `${running} in progress` : "All finished"}
            </p>
          </div>
          <ul className="mt-4 grid grid-cols-1 gap-3 lg:grid-cols-2">
            {jobs.map((job) => (
              <li key={job.id} className="min-w-0">
                <JobCard job={job} onCancel={cancel} />
              </li>
            ))}
          </ul>
        </section>
      )}

      {latest.length > 0 && (
        <section className="mt-12" aria-labelledby="latest-objects">
          <div className="flex items-end justify-between gap-4">
            <h2 id="latest-objects" className="text-lg font-semibold">
              Latest objects
            </h2>
            <AppLink
              to="/app/object"
              className="inline-flex items-center gap-1 text-sm font-medium text-primary-700 hover:underline dark:text-primary-300"
            >
              All objects <ArrowRight aria-hidden className="size-4" />
            </AppLink>
          </div>
          <ul className={`mt-5 ${objectGridClasses}`}>
            <AfterHydration
              fallback={latest.map((object) => (
                <li key={object.id}>
                  <ObjectCardSkeleton />
                </li>
              ))}
            >
              {latest.map((object, i) => (
                <li key={object.id}>
                  <ObjectCard object={object} eager={i < 4} />
                </li>
              ))}
            </AfterHydration>
          </ul>
        </section>
      )}

      {recentStyles.length > 0 && (
        <section className="mt-12" aria-labelledby="recent-styles">
          <div className="flex items-end justify-between gap-4">
            <h2 id="recent-styles" className="text-lg font-semibold">
              Your latest styles
            </h2>
            <AppLink
              to="/app/style"
              className="inline-flex items-center gap-1 text-sm font-medium text-primary-700 hover:underline dark:text-primary-300"
            >
              {styles.length > recentStyles.length ? `All ${styles.length} styles` : "Manage styles"}
              <ArrowRight aria-hidden className="size-4" />
            </AppLink>
          </div>
          <ul className="mt-5 grid gap-5 sm:grid-cols-2 xl:grid-cols-3">
            <AfterHydration
              fallback={recentStyles.map((style) => (
                <li key={style.id}>
                  <StyleCardSkeleton />
                </li>
              ))}
            >
              {recentStyles.map((style) => (
                <li key={style.id}>
                  <StyleCard
                    style={style}
                    progress={styleProgress[style.id]}
                    onView={(index) => samples.view(style.id, index)}
                  />
                </li>
              ))}
            </AfterHydration>
          </ul>
        </section>
      )}

      {samples.viewer}

      <div className="mt-10 grid gap-3 text-sm text-neutral-600 dark:text-neutral-400">
        {latest.length === 0 && styles.length > 0 && (
          <p className="flex items-center gap-2">
            <Boxes aria-hidden className="size-4 shrink-0" />
            <span>
              Your objects appear here and in{" "}
              <AppLink to="/app/object" className="font-medium text-primary-700 hover:underline dark:text-primary-300">
                Objects
              </AppLink>{" "}
              as soon as their first image is made.
            </span>
          </p>
        )}
        <p className="flex items-center gap-2">
          <Sparkles aria-hidden className="size-4 shrink-0" /> Every image shows its price in credits before you
          generate it, and failed generations are refunded.
        </p>
      </div>
    </>
  );
}
