import {
  Bar,
  BarChart,
  CartesianGrid,
  ComposedChart,
  Legend,
  Line,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from "recharts";
import { modelLabel } from "#domain/models";
import type { OperatorUsage } from "#domain/operator-usage";
import { count, shortDayLabel } from "~/lib/words/admin-format";
import { DAILY_CHART_HEIGHT, modelChartHeight } from "./chart-sizes";

/** The charts' colours, from the theme's tokens, so both colour modes read well. */
const colours = {
  images: "var(--color-primary-500)",
  credits: "var(--color-secondary-500)",
  text: "var(--color-neutral-500)",
};

const tooltipStyle = {
  contentStyle: {
    background: "var(--chart-tooltip-bg)",
    border: "1px solid var(--chart-tooltip-border)",
    borderRadius: 12,
    fontSize: 13,
    color: "var(--chart-tooltip-text)",
  },
  labelStyle: { fontWeight: 600, marginBottom: 4 },
  cursor: { fill: "currentColor", opacity: 0.5 },
} as const;
const legendStyle = { iconType: "circle", wrapperStyle: { fontSize: 13, paddingTop: 8 } } as const;

/*
 * Loaded only in the browser, after hydration (./lazy-usage-charts.tsx): recharts is the largest
 * library the console uses, and the server never draws a chart (they measure their box).
 * The charts do not animate: they are read for their figures, drawn whole at once (for people who
 * ask for less motion too).
 */

const axis = { stroke: colours.text, fontSize: 12, tickLine: false, axisLine: false } as const;

/** Images (bars) and credits spent (a line) per UTC day. */
export function DailyChart({ days }: { days: OperatorUsage["days"] }) {
  const height = DAILY_CHART_HEIGHT;
  const data = days.map((d) => ({ ...d, label: shortDayLabel(d.day) }));
  return (
    <div data-testid="daily-chart" className="text-neutral-200 dark:text-neutral-800">
      <ResponsiveContainer width="100%" height={height}>
        <ComposedChart data={data} margin={{ top: 8, right: 4, bottom: 0, left: -12 }}>
          <CartesianGrid vertical={false} stroke="currentColor" />
          <XAxis dataKey="label" {...axis} minTickGap={16} />
          <YAxis yAxisId="images" {...axis} allowDecimals={false} width={44} />
          <YAxis yAxisId="credits" orientation="right" {...axis} allowDecimals={false} width={44} />
          <Tooltip {...tooltipStyle} formatter={(value, name) => [count(Number(value)), name]} />
          <Legend {...legendStyle} />
          <Bar
            yAxisId="images"
            dataKey="images"
            name="Images"
            fill={colours.images}
            radius={[4, 4, 0, 0]}
            isAnimationActive={false}
            maxBarSize={28}
          />
          <Line
            yAxisId="credits"
            dataKey="creditsSpent"
            name="Credits spent"
            stroke={colours.credits}
            strokeWidth={2}
            dot={false}
            type="monotone"
            isAnimationActive={false}
          />
        </ComposedChart>
      </ResponsiveContainer>
    </div>
  );
}

/** Images and credits per model, as horizontal bars. */
export function ModelChart({ models }: { models: OperatorUsage["models"] }) {
  const height = modelChartHeight(models.length);
  const data = models.map((m) => ({ ...m, label: modelLabel(m.provider, m.model) }));
  return (
    <div data-testid="model-chart" className="text-neutral-200 dark:text-neutral-800">
      <ResponsiveContainer width="100%" height={height}>
        <BarChart data={data} layout="vertical" margin={{ top: 0, right: 8, bottom: 0, left: 0 }} barGap={2}>
          <CartesianGrid horizontal={false} stroke="currentColor" />
          <XAxis type="number" {...axis} allowDecimals={false} />
          <YAxis type="category" dataKey="label" {...axis} width={96} />
          <Tooltip {...tooltipStyle} formatter={(value, name) => [count(Number(value)), name]} />
          <Legend {...legendStyle} />
          <Bar
            dataKey="images"
            name="Images"
            fill={colours.images}
            radius={[0, 4, 4, 0]}
            maxBarSize={18}
            isAnimationActive={false}
          />
          <Bar
            dataKey="creditsSpent"
            name="Credits spent"
            fill={colours.credits}
            radius={[0, 4, 4, 0]}
            maxBarSize={18}
            isAnimationActive={false}
          />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
