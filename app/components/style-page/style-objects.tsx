import { ArrowRight, Boxes, Sparkles } from "lucide-react";
import { AppLink } from "~/components/app-link";
import type { ObjectSummary } from "#domain/objects";
import { plural } from "~/lib/words/object-format";
import { EmptyState } from "../empty-state";
import { ObjectCard, objectGridClasses } from "../objects/object-card";
import { buttonClasses } from "../ui/button";

/**
 * Everything made in a style, newest first: a page of object cards, each opening its object, and
 * the library's style filter for the rest. Empty, it says how objects are made and where.
 */
export function StyleObjects(props: {
  styleId: string;
  styleName: string;
  objects: ObjectSummary[];
  count: number;
  generateHref: string;
}) {
  const { objects, count } = props;
  const libraryHref = `/app/object?style=${encodeURIComponent(props.styleId)}`;
  return (
    <section aria-labelledby="objects-heading" className="grid gap-4">
      <div className="flex flex-wrap items-end justify-between gap-x-4 gap-y-1">
        <h2 id="objects-heading" className="text-lg font-semibold">
          Made in this style{" "}
          <span className="font-normal text-neutral-600 tabular-nums dark:text-neutral-400">· {count}</span>
        </h2>
        {count > objects.length && (
          <AppLink
            to={libraryHref}
            className="inline-flex items-center gap-1 rounded-sm text-sm font-medium text-primary-700 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-500 dark:text-primary-300"
          >
            See all {count} in Objects <ArrowRight aria-hidden className="size-4" />
          </AppLink>
        )}
      </div>
      {objects.length === 0 ? (
        <EmptyState
          icon={Boxes}
          title="Nothing made in this style yet"
          action={
            <AppLink to={props.generateHref} className={buttonClasses("primary")}>
              <Sparkles aria-hidden className="size-4" /> Generate objects
            </AppLink>
          }
        >
          Objects are the things you make in a style — a chest, a potion, a product. Open the composer with this style
          chosen, type a few names, one per line, and each arrives here matched to the samples above.
        </EmptyState>
      ) : (
        <ul className={objectGridClasses} aria-label={`Objects in ${props.styleName}`}>
          {objects.map((object, i) => (
            <li key={object.id}>
              <ObjectCard object={object} eager={i < 4} />
            </li>
          ))}
        </ul>
      )}
      {count > objects.length && (
        <p className="text-center text-xs text-neutral-500 tabular-nums dark:text-neutral-400">
          Showing the newest {plural(objects.length, "object")} of {count}.
        </p>
      )}
    </section>
  );
}
