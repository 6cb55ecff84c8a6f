import { Suspense, type ReactNode } from "react";
import type { OperatorUsage } from "#domain/operator-usage";
import { AfterHydration } from "~/components/ui/after-hydration";
import { lazyComponent } from "~/components/ui/loaded-on-use";
import { ChartSkeleton, DAILY_CHART_HEIGHT, modelChartHeight } from "./chart-sizes";

// The charts' module (and recharts with it) loads in the browser once the page is live: the
// server never imports it, and a skeleton of the chart's size holds its place meanwhile.
const charts = () => import("./usage-charts");
const LoadedDailyChart = lazyComponent(() => charts().then((module) => module.DailyChart));
const LoadedModelChart = lazyComponent(() => charts().then((module) => module.ModelChart));

function InBrowser({ height, children }: { height: number; children: ReactNode }) {
  const skeleton = <ChartSkeleton height={height} />;
  return (
    <AfterHydration fallback={skeleton}>
      <Suspense fallback={skeleton}>{children}</Suspense>
    </AfterHydration>
  );
}

/** Images and credits spent per UTC day. */
export function DailyChart({ days }: { days: OperatorUsage["days"] }) {
  return (
    <InBrowser height={DAILY_CHART_HEIGHT}>
      <LoadedDailyChart days={days} />
    </InBrowser>
  );
}

/** Images and credits per model. */
export function ModelChart({ models }: { models: OperatorUsage["models"] }) {
  return (
    <InBrowser height={modelChartHeight(models.length)}>
      <LoadedModelChart models={models} />
    </InBrowser>
  );
}
