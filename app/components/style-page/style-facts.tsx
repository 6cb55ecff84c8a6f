import type { ReactNode } from "react";
import { responsiveImage } from "#domain/image-url";
import { detailLevels, imageSizes } from "#domain/images";
import { limits } from "#domain/limits";
import type { StyleView } from "#domain/styles";
import { useModel } from "~/lib/hooks/use-models";

function Panel(props: { id: string; title: string; children: ReactNode }) {
  return (
    <section
      aria-labelledby={props.id}
      className="grid gap-3 rounded-2xl border border-neutral-200 bg-white p-4 sm:p-5 dark:border-neutral-800 dark:bg-neutral-900"
    >
      <h2 id={props.id} className="font-semibold">
        {props.title}
      </h2>
      {props.children}
    </section>
  );
}

const quiet = "text-sm text-neutral-600 dark:text-neutral-400";

/** What a style is made of, beside its samples: its palette (swatches and hex values), references and defaults. */
export function StyleFacts(props: { style: StyleView }) {
  const { style } = props;
  const model = useModel(style.defaultModel);
  return (
    <>
      <Panel id="palette-heading" title="Palette">
        {style.palette.length > 0 ? (
          <ul className="grid grid-cols-2 gap-2" aria-label={`Palette of ${style.name}`} data-testid="palette">
            {style.palette.map((colour) => (
              <li key={colour} className="flex min-w-0 items-center gap-2.5">
                <span
                  aria-hidden
                  className="size-9 shrink-0 rounded-lg ring-1 ring-black/10 dark:ring-white/15"
                  style={{ backgroundColor: colour }}
                />
                <span className="truncate font-mono text-sm text-neutral-800 uppercase dark:text-neutral-200">
                  {colour}
                </span>
              </li>
            ))}
          </ul>
        ) : (
          <p className={quiet}>
            No colours yet. Edit the style to pick some, or add reference images to take them from.
          </p>
        )}
      </Panel>

      <Panel id="references-heading" title="References">
        {style.references.length > 0 ? (
          <ul className="grid grid-cols-3 gap-2" aria-label={`Reference images of ${style.name}`}>
            {style.references.map((reference, i) => (
              <li key={reference.id}>
                <a
                  href={reference.url}
                  target="_blank"
                  rel="noreferrer"
                  className="block rounded-lg focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-500"
                >
                  <img
                    {...responsiveImage(reference, { displayWidth: 96, quality: 80 })}
                    alt={`Reference ${i + 1} (opens the original)`}
                    width={96}
                    height={96}
                    loading="lazy"
                    className="aspect-square w-full rounded-lg object-cover ring-1 ring-black/10 dark:ring-white/15"
                  />
                </a>
              </li>
            ))}
          </ul>
        ) : (
          <p className={quiet}>
            Made from words alone. Edit the style to add up to {limits.referenceImages} reference images.
          </p>
        )}
      </Panel>

      <Panel id="defaults-heading" title="New images">
        <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1.5 text-sm">
          <dt className="text-neutral-600 dark:text-neutral-400">Size</dt>
          <dd>{imageSizes[style.defaultSize].label}</dd>
          <dt className="text-neutral-600 dark:text-neutral-400">Detail</dt>
          <dd>{detailLevels[style.defaultDetail].label}</dd>
          <dt className="text-neutral-600 dark:text-neutral-400">Background</dt>
          <dd>{style.defaultTransparent ? "Transparent" : "Filled"}</dd>
          {model.label && (
            <>
              <dt className="text-neutral-600 dark:text-neutral-400">Model</dt>
              <dd className="wrap-anywhere">{model.label}</dd>
            </>
          )}
        </dl>
      </Panel>
    </>
  );
}
