import { Check, Minus } from "lucide-react";
import { modelAbilities, reasonsNot } from "#domain/model-abilities";
import type { ModelView } from "#domain/models";
import { cn } from "~/lib/ui/cn";

const chipClasses = {
  can: "bg-success-50 text-success-900 ring-success-200 dark:bg-success-950/50 dark:text-success-100 dark:ring-success-900",
  cannot:
    "bg-neutral-50 text-neutral-600 ring-neutral-200 dark:bg-neutral-900 dark:text-neutral-400 dark:ring-neutral-700",
};

/**
 * What a model can do to images besides drawing them (edit, repaint, views, AI upscale, training),
 * and in words why it cannot do the rest: read before choosing it, not found out after a click.
 */
export function ModelAbilities(props: { model: ModelView; className?: string }) {
  const { model } = props;
  const abilities = modelAbilities(model);
  const reasons = reasonsNot(abilities);
  return (
    <div className={cn("grid gap-1.5", props.className)} data-testid="model-abilities">
      <ul aria-label={`What ${model.label} can do`} className="flex flex-wrap gap-1.5">
        {abilities.map((ability) => (
          <li
            key={ability.key}
            data-can={ability.can}
            className={cn(
              "inline-flex items-center gap-1 rounded-full whitespace-nowrap px-2 py-0.5 text-xs font-medium ring-1 ring-inset",
              ability.can ? chipClasses.can : chipClasses.cannot,
            )}
          >
            {ability.can ? (
              <Check aria-hidden className="size-3.5 shrink-0 text-success-600 dark:text-success-400" />
            ) : (
              <Minus aria-hidden className="size-3.5 shrink-0" />
            )}
            <span className="sr-only">{ability.can ? "Can: " : "Cannot: "}</span>
            {ability.label}
          </li>
        ))}
      </ul>
      {reasons.length > 0 && (
        <ul aria-label={`Why ${model.label} cannot do some`} className="grid gap-0.5">
          {reasons.map((reason) => (
            <li key={reason.why} className="text-xs text-neutral-600 dark:text-neutral-400">
              <span className="font-medium text-neutral-700 dark:text-neutral-300">{reason.labels.join(", ")}:</span>{" "}
              {reason.why}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
