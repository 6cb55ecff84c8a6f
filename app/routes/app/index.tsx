import { ArrowRight, Boxes, Palette, Sparkles } from "lucide-react";
import { Link, useRevalidator } from "react-router";
import { PageHeader } from "~/components/page-header";
import { useSampleViewer } from "~/components/sample-viewer";
import { StyleCard } from "~/components/style-card";
import { userContext } from "#server/auth/require-user.server";
import { servicesContext } from "#server/context";
import { presentStyle } from "#server/styles/present-style.server";
import { listStyles } from "#server/styles/styles.server";
import { useLiveStyles } from "~/lib/use-live-styles";
import type { Route } from "./+types/index";

export function meta() {
  return [{ title: "Home · Motif" }];
}

export async function loader({ context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const user = context.get(userContext);
  const styles = await listStyles(services.database.db, user.id);
  return { recent: styles.slice(0, 3).map(presentStyle), total: styles.length };
}

const starts = [
  {
    to: "/app/style",
    icon: Palette,
    title: "Create a style",
    text: "From a description or up to five reference images.",
  },
  {
    to: "/app/object",
    icon: Boxes,
    title: "Generate objects",
    text: "Name subjects and get them in your style, sized and transparent.",
  },
];

export default function AppHome({ loaderData }: Route.ComponentProps) {
  const { recent, total } = loaderData;
  const samples = useSampleViewer(recent);
  const revalidator = useRevalidator();
  const progress = useLiveStyles(revalidator.revalidate);
  return (
    <>
      <PageHeader
        title="Welcome to Motif"
        description="Start with a style, then generate as many matching objects as you need."
      />
      <div className="grid gap-4 md:grid-cols-2">
        {starts.map((s) => (
          <Link
            key={s.to}
            to={s.to}
            className="group flex gap-4 rounded-2xl border border-neutral-200 bg-white p-6 transition hover:border-primary-300 hover:shadow-md dark:border-neutral-800 dark:bg-neutral-900 dark:hover:border-primary-700"
          >
            <span className="grid size-11 shrink-0 place-items-center rounded-xl bg-primary-50 text-primary-600 dark:bg-primary-950 dark:text-primary-300">
              <s.icon aria-hidden className="size-5" />
            </span>
            <span>
              <span className="block font-semibold group-hover:text-primary-700 dark:group-hover:text-primary-300">
                {s.title}
              </span>
              <span className="mt-1 block text-sm text-neutral-600 dark:text-neutral-400">{s.text}</span>
            </span>
          </Link>
        ))}
      </div>

      {recent.length > 0 && (
        <section className="mt-12" aria-labelledby="recent-styles">
          <div className="flex items-end justify-between gap-4">
            <h2 id="recent-styles" className="text-lg font-semibold">
              Your latest styles
            </h2>
            {total > recent.length && (
              <Link
                to="/app/style"
                className="inline-flex items-center gap-1 text-sm font-medium text-primary-700 hover:underline dark:text-primary-300"
              >
                All {total} styles <ArrowRight aria-hidden className="size-4" />
              </Link>
            )}
          </div>
          <ul className="mt-5 grid gap-5 sm:grid-cols-2 xl:grid-cols-3">
            {recent.map((style) => (
              <li key={style.id}>
                <StyleCard
                  style={style}
                  progress={progress[style.id]}
                  onView={(index) => samples.view(style.id, index)}
                />
              </li>
            ))}
          </ul>
        </section>
      )}

      {samples.viewer}

      <p className="mt-10 flex items-center gap-2 text-sm text-neutral-500 dark:text-neutral-400">
        <Sparkles aria-hidden className="size-4" /> Every image shows its price in credits before you generate it, and
        failed generations are refunded.
      </p>
    </>
  );
}
