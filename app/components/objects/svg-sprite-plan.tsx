import { CircleAlert } from "lucide-react";
import { useEffect, useState } from "react";
import type { SvgSpritePlan } from "#domain/exports";
import { NO_ICONS } from "#domain/icon-packages";
import { callApi } from "~/lib/api/api-client";
import { plural } from "~/lib/words/object-format";

export type PlanState = { status: "loading" } | { status: "ready"; plan: SvgSpritePlan } | { status: "failed" };

/** Which of the selected objects an SVG sprite would hold, asked once when the dialog opens. */
export function useSvgSpritePlan(selection: string): PlanState {
  const [state, setState] = useState<PlanState>({ status: "loading" });
  useEffect(() => {
    let current = true;
    callApi("get", "/api/objects/svg-sprite.json", { query: Object.fromEntries(new URLSearchParams(selection)) })
      .then((plan) => current && setState({ status: "ready", plan }))
      .catch(() => current && setState({ status: "failed" }));
    return () => {
      current = false;
    };
  }, [selection]);
  return state;
}

/** The plan's words for an SVG sprite, or for an icon package (whose icons are the same traced SVGs). */
const words = {
  sprite: {
    checking: "Checking which objects can be traced…",
    unchecked:
      "Which objects can be traced could not be checked; objects that are not in a flat style will be left out.",
    none: "None of these objects can be traced to SVG.",
    becomes: "will be traced",
    leftOut: "left out of the sprite",
    list: "Objects that cannot be traced",
  },
  package: {
    checking: "Checking which objects can be icons…",
    unchecked:
      "Which objects can be icons could not be checked; objects that are not in a flat style, nor drawn by a vector model, will be left out.",
    none: NO_ICONS,
    becomes: "will become icons",
    leftOut: "left out of the package",
    list: "Objects that cannot be icons",
  },
};

/** Before the download: how many objects become symbols (or icons), and each one left out with why. */
export function SvgSpritePlanNotice(props: { state: PlanState; subject?: keyof typeof words }) {
  const { state } = props;
  const say = words[props.subject ?? "sprite"];
  if (state.status === "loading") {
    return <p className="text-sm text-neutral-600 dark:text-neutral-400">{say.checking}</p>;
  }
  if (state.status === "failed") {
    return <p className="text-sm text-neutral-600 dark:text-neutral-400">{say.unchecked}</p>;
  }
  const { traced, leftOut } = state.plan;
  return (
    <div
      data-testid={props.subject === "package" ? "icon-package-plan" : "svg-sprite-plan"}
      className="grid gap-2 text-sm"
    >
      <p className="font-medium">
        {traced.length === 0
          ? say.none
          : leftOut.length === 0
            ? `All ${plural(traced.length, "object")} ${say.becomes}.`
            : `${traced.length} of ${plural(traced.length + leftOut.length, "object")} ${say.becomes}.`}
      </p>
      {leftOut.length > 0 && (
        <div className="rounded-xl border border-warning-300 bg-warning-50 p-3 dark:border-warning-800 dark:bg-warning-950/40">
          <p className="mb-1.5 flex items-center gap-1.5 font-medium">
            <CircleAlert aria-hidden className="size-4 shrink-0" />
            {leftOut.length === 1
              ? `${say.leftOut.charAt(0).toUpperCase()}${say.leftOut.slice(1)}:`
              : `${leftOut.length} ${say.leftOut}:`}
          </p>
          <ul aria-label={say.list} className="grid max-h-32 gap-1 overflow-y-auto">
            {leftOut.map((object) => (
              <li key={object.id}>
                <span className="font-medium">{object.name}</span>:{" "}
                <span className="text-neutral-700 dark:text-neutral-300">{object.reason}</span>
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}
