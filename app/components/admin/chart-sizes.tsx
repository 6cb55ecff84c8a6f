/** The usage charts' heights, known before their module loads, so their skeletons hold the same place. */
export const DAILY_CHART_HEIGHT = 260;
export const modelChartHeight = (models: number) => Math.max(140, models * 52 + 60);

export function ChartSkeleton({ height }: { height: number }) {
  return (
    <div
      aria-hidden
      style={{ height }}
      className="animate-pulse rounded-xl bg-gradient-to-t from-neutral-100 to-neutral-50 dark:from-neutral-800/70 dark:to-neutral-900"
    />
  );
}
