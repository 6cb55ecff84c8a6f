import { ChevronRight } from "lucide-react";
import { AppLink } from "~/components/app-link";

/** A record page's trail: its list, then the record itself. */
export function Breadcrumb(props: { list: { to: string; label: string }; current: string }) {
  return (
    <nav aria-label="Breadcrumb" className="mb-4">
      <ol className="flex min-w-0 items-center gap-1.5 text-sm text-neutral-600 dark:text-neutral-400">
        <li>
          <AppLink
            to={props.list.to}
            className="rounded-sm font-medium hover:text-neutral-900 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-500 dark:hover:text-white"
          >
            {props.list.label}
          </AppLink>
        </li>
        <li aria-hidden>
          <ChevronRight className="size-4" />
        </li>
        <li className="min-w-0 truncate">
          <span aria-current="page">{props.current}</span>
        </li>
      </ol>
    </nav>
  );
}
