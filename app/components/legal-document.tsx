import type { ReactNode } from "react";

export type LegalSection = {
  /** Anchor id, used as `#id` in the table of contents. Must be unique on the page. */
  id: string;
  heading: string;
  body: ReactNode;
};

export type LegalDocumentProps = {
  title: string;
  /** Human-readable date, e.g. "22 November 2026". */
  updated: string;
  intro: ReactNode;
  sections: LegalSection[];
};

// Prose styles for the section bodies. The pages pass plain <p>, <ul>, <a>, <strong> and
// <code>, so the typography lives here once. Tailwind 4 stacks variants left to right:
// `[&_a]:hover:` styles a hovered link; `dark:[&_a]:` is dark mode on this element.
const prose = [
  "space-y-4 text-base leading-7 text-neutral-700 dark:text-neutral-300",
  "[&_ul]:list-disc [&_ul]:space-y-2 [&_ul]:pl-6 [&_ol]:list-decimal [&_ol]:space-y-2 [&_ol]:pl-6",
  "[&_li]:pl-1 [&_li]:marker:text-neutral-400 dark:[&_li]:marker:text-neutral-500",
  "[&_strong]:font-semibold [&_strong]:text-neutral-900 dark:[&_strong]:text-neutral-100",
  "[&_a]:font-medium [&_a]:text-primary-700 [&_a]:underline [&_a]:underline-offset-2 [&_a]:hover:text-primary-800",
  "dark:[&_a]:text-primary-300 dark:[&_a]:hover:text-primary-200",
  "[&_code]:rounded-md [&_code]:bg-neutral-100 [&_code]:px-1.5 [&_code]:py-0.5 [&_code]:font-mono [&_code]:text-[0.875em] [&_code]:text-neutral-900",
  "dark:[&_code]:bg-neutral-800 dark:[&_code]:text-neutral-100",
  "[&_h3]:pt-2 [&_h3]:text-lg [&_h3]:font-semibold [&_h3]:text-neutral-900 dark:[&_h3]:text-neutral-100",
].join(" ");

function TableOfContents({ sections }: { sections: LegalSection[] }) {
  return (
    <nav
      aria-labelledby="legal-toc-heading"
      className="mt-8 rounded-xl border border-neutral-200 bg-neutral-50 p-5 lg:sticky lg:top-24 lg:col-start-1 lg:row-span-2 lg:row-start-1 lg:mt-0 lg:max-h-[calc(100vh-7rem)] lg:self-start lg:overflow-y-auto lg:border-0 lg:bg-transparent lg:p-0 dark:border-neutral-800 dark:bg-neutral-900 lg:dark:bg-transparent"
    >
      <h2
        id="legal-toc-heading"
        className="text-sm font-semibold tracking-wide text-neutral-900 uppercase dark:text-neutral-100"
      >
        On this page
      </h2>
      <ol className="mt-3 space-y-1 text-sm leading-6 lg:border-l lg:border-neutral-200 lg:dark:border-neutral-800">
        {sections.map((section, index) => (
          <li key={section.id}>
            <a
              href={`#${section.id}`}
              className="flex gap-2 rounded-md py-1 text-neutral-700 hover:text-primary-700 hover:underline lg:-ml-px lg:border-l lg:border-transparent lg:pl-4 lg:hover:border-primary-500 dark:text-neutral-300 dark:hover:text-primary-300"
            >
              <span className="w-5 shrink-0 text-neutral-500 tabular-nums dark:text-neutral-400">{index + 1}.</span>
              <span>{section.heading}</span>
            </a>
          </li>
        ))}
      </ol>
    </nav>
  );
}

export function LegalDocument({ title, updated, intro, sections }: LegalDocumentProps) {
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-12 sm:px-6 sm:py-16 lg:max-w-6xl lg:px-8">
      <article className="lg:grid lg:grid-cols-[14rem_minmax(0,48rem)] lg:justify-center lg:gap-x-12">
        <header className="lg:col-start-2 lg:row-start-1">
          <h1 className="text-3xl font-bold tracking-tight text-balance text-neutral-900 sm:text-4xl dark:text-neutral-50">
            {title}
          </h1>
          <p className="mt-3 text-sm text-neutral-600 dark:text-neutral-400">Last updated: {updated}</p>
          <div className="mt-6 text-lg leading-8 text-neutral-700 dark:text-neutral-300 [&_a]:text-primary-700 [&_a]:underline [&_a]:underline-offset-2 dark:[&_a]:text-primary-300 [&_p+p]:mt-4">
            {typeof intro === "string" ? <p>{intro}</p> : intro}
          </div>
        </header>

        <TableOfContents sections={sections} />

        <div className="mt-10 space-y-12 lg:col-start-2 lg:row-start-2">
          {sections.map((section, index) => (
            <section
              key={section.id}
              id={section.id}
              aria-labelledby={`${section.id}-heading`}
              className="scroll-mt-24 border-t border-neutral-200 pt-10 first:border-t-0 first:pt-0 dark:border-neutral-800"
            >
              <h2
                id={`${section.id}-heading`}
                className="scroll-mt-24 text-xl font-semibold tracking-tight text-neutral-900 sm:text-2xl dark:text-neutral-50"
              >
                <span className="mr-2 text-neutral-500 tabular-nums dark:text-neutral-400">{index + 1}.</span>
                {section.heading}
              </h2>
              <div className={`mt-4 ${prose}`}>{section.body}</div>
            </section>
          ))}
        </div>
      </article>
    </div>
  );
}
