import { isPreviewModel, unreachableModelNote } from "#domain/models";
import { detailLevels, detailValues } from "#domain/images";
import { useModels } from "~/lib/hooks/use-models";
import { plural } from "~/lib/words/object-format";
import { ModelAbilities } from "./model-abilities";
import { PreviewBadge } from "./preview-badge";

function priceLine(price: { square: number; other: number }): string {
  if (price.square === 0 && price.other === 0) return "Free";
  return `${plural(price.square, "credit")} square · ${price.other} portrait or landscape`;
}

/** The models this instance offers, with what each costs and can do, and why not the rest (Settings). */
export function ModelsList() {
  const { models, defaultId } = useModels();
  return (
    <ul aria-label="Models" className="grid gap-3">
      {models.map((model) => (
        <li
          key={model.id}
          data-testid="model-entry"
          className="grid gap-3 rounded-xl border border-neutral-200 p-4 dark:border-neutral-800"
        >
          <div className="flex flex-wrap items-center gap-2">
            <p className="font-medium">{model.label}</p>
            {model.id === defaultId && models.length > 1 && (
              <span className="rounded-full bg-primary-50 px-2 py-0.5 text-xs font-medium text-primary-800 dark:bg-primary-950 dark:text-primary-200">
                Default
              </span>
            )}
            <PreviewBadge provider={model.id} />
            {!model.reachable && (
              <span className="rounded-full bg-warning-50 px-2 py-0.5 text-xs font-medium text-warning-900 ring-1 ring-warning-300 ring-inset dark:bg-warning-950/50 dark:text-warning-100 dark:ring-warning-800">
                {unreachableModelNote}
              </span>
            )}
          </div>
          <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-3">
            {detailValues.map((detail) => (
              <div key={detail}>
                <dt className="text-neutral-500 dark:text-neutral-400">{detailLevels[detail].label}</dt>
                <dd className="tabular-nums">{priceLine(model.prices[detail])}</dd>
              </div>
            ))}
          </dl>
          {!isPreviewModel(model) && (
            <p className="text-xs text-neutral-600 dark:text-neutral-400">
              {model.maxReferences === 0
                ? "Words alone, no reference images"
                : `Up to ${plural(model.maxReferences, "reference image")}`}{" "}
              ·{" "}
              {model.transparency === "native"
                ? "transparent backgrounds made by the model"
                : "transparent backgrounds cut out by Motif from a flat colour"}
            </p>
          )}
          <ModelAbilities model={model} />
        </li>
      ))}
    </ul>
  );
}
