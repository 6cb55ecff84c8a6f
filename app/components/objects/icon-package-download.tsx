import { CircleCheck, Download, LoaderCircle } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { defaultPrefix } from "#domain/icon-packages";
import { buttonClasses } from "../ui/button";
import { ExportProgressNote } from "./export-progress-note";
import {
  iconPackageErrors,
  iconPackageUrl,
  initialChoice,
  serverFieldErrors,
  usageOf,
  type IconPackageChoice,
  type IconPackageField,
} from "./icon-package-choice";
import { IconPackageFields } from "./icon-package-fields";
import { type PlanState, SvgSpritePlanNotice } from "./svg-sprite-plan";
import type { useExportDownload } from "./use-export-download";

/** After a download: which file came, and how to use it. */
function UsageNote(props: { fileName: string; choice: IconPackageChoice; firstIcon: string | undefined }) {
  const { fileName, choice } = props;
  const usage = usageOf(choice.format, fileName, choice, props.firstIcon);
  const note = useRef<HTMLDivElement>(null);
  // The dialog scrolls: the note comes into view below the form when a file has come.
  useEffect(() => {
    note.current?.scrollIntoView({ block: "nearest" });
  }, [fileName]);
  return (
    <div
      ref={note}
      role="status"
      data-testid="icon-package-usage"
      className="grid gap-2 rounded-xl border border-success-300 bg-success-50 p-3 text-sm dark:border-success-800 dark:bg-success-950/40"
    >
      <p className="flex items-center gap-1.5 font-medium">
        <CircleCheck aria-hidden className="size-4 shrink-0 text-success-700 dark:text-success-300" />
        Downloaded {fileName}
      </p>
      <p className="text-neutral-700 dark:text-neutral-300">{usage.text}</p>
      <pre className="overflow-x-auto rounded-lg bg-white px-3 py-2 text-xs dark:bg-neutral-950">
        <code>{usage.code}</code>
      </pre>
    </div>
  );
}

/**
 * "Icon package" in the download dialog: the package's choices checked here with the server's own
 * schema, which objects will be left out (the SVG sprite's plan: icons are the same traced SVGs),
 * the download with its progress, the server's field messages if it refuses, and then how to use it.
 */
export function IconPackageDownload(props: {
  selection: string;
  /** What the package is named after (a style's name), kebab-cased into the package name. */
  title: string | undefined;
  plan: PlanState;
  download: ReturnType<typeof useExportDownload>;
  /** The file the last download handed over. */
  delivered: string | null;
  onDone(): void;
}) {
  const { download, plan } = props;
  const [choice, setChoice] = useState(() => initialChoice(props.title));
  const [prefixEdited, setPrefixEdited] = useState(false);
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  // Each refused click counts, so the first field at fault takes the focus each time.
  const [attempts, setAttempts] = useState(0);
  const attempted = attempts > 0;
  // What the last download was asked for, for the note after it.
  const [sent, setSent] = useState<IconPackageChoice | null>(null);
  const [edited, setEdited] = useState<ReadonlySet<string>>(new Set());
  const fields = useRef<HTMLDivElement>(null);

  const local = iconPackageErrors(props.selection, choice);
  const server = download.progress.phase === "failed" ? serverFieldErrors(download.progress.fields) : {};
  const errors: Partial<Record<IconPackageField, string>> = {};
  for (const field of ["format", "name", "version", "prefix", "license", "grid"] as const) {
    const mine = attempted || touched.has(field) ? local[field] : undefined;
    errors[field] = mine ?? (edited.has(field) ? undefined : server[field]);
  }
  const none = plan.status === "ready" && plan.plan.traced.length === 0;

  useEffect(() => {
    if (attempts > 0) fields.current?.querySelector<HTMLElement>("[aria-invalid=true]")?.focus();
  }, [attempts]);

  function change(field: IconPackageField, value: string) {
    setEdited((before) => new Set(before).add(field));
    if (field === "prefix") setPrefixEdited(true);
    setChoice((before) => {
      const next = { ...before, [field]: value } as IconPackageChoice;
      // The prefix follows the name until it is typed on its own.
      if (field === "name" && !prefixEdited) next.prefix = defaultPrefix(value);
      return next;
    });
  }

  function submit() {
    if (Object.keys(local).length > 0) {
      setAttempts((n) => n + 1);
      return;
    }
    setEdited(new Set());
    setSent(choice);
    void download.start(iconPackageUrl(props.selection, choice), `${choice.name}-${choice.version}`);
  }

  return (
    <>
      <div ref={fields} className="grid gap-5">
        <IconPackageFields
          choice={choice}
          errors={errors}
          onChange={change}
          onBlur={(field) => setTouched((before) => new Set(before).add(field))}
        />
        <SvgSpritePlanNotice state={plan} subject="package" />
      </div>
      <ExportProgressNote progress={download.progress} />
      {props.delivered && sent && !download.running && (
        <UsageNote
          fileName={props.delivered}
          choice={sent}
          firstIcon={plan.status === "ready" ? plan.plan.traced[0]?.name : undefined}
        />
      )}
      <div className="flex flex-wrap justify-end gap-2 border-t border-neutral-200 pt-5 dark:border-neutral-800">
        {props.delivered && (
          <button type="button" onClick={props.onDone} className={buttonClasses("secondary")}>
            Done
          </button>
        )}
        <button
          type="button"
          disabled={download.running || none}
          onClick={submit}
          className={buttonClasses("primary")}
          data-testid="download-confirm"
        >
          {download.running ? (
            <LoaderCircle aria-hidden className="size-4 animate-spin" />
          ) : (
            <Download aria-hidden className="size-4" />
          )}
          {download.running ? "Preparing…" : "Download icon package"}
        </button>
      </div>
    </>
  );
}
