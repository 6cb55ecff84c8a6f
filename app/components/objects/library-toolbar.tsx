import { ArrowDownUp, ChevronDown, LoaderCircle, Palette, Search, X } from "lucide-react";
import { useId, type ReactNode } from "react";
import type { ObjectSort } from "#domain/objects";
import { cn } from "~/lib/ui/cn";
import type { LibraryView } from "~/lib/state/object-library-params";
import { inputClasses } from "../ui/text-field";

const sortLabels: Record<ObjectSort, string> = { newest: "Newest first", oldest: "Oldest first", name: "Name A–Z" };

/** Search by name, filter by style, sort. The search box is the page's (it debounces); the rest change the view at once. */
export function LibraryToolbar(props: {
  view: LibraryView;
  styles: { id: string; name: string }[];
  search: string;
  onSearch(text: string): void;
  searching: boolean;
  onChange(view: LibraryView): void;
}) {
  const { view, onChange, search: text, onSearch: setText } = props;
  const ids = useId();

  return (
    <div role="search" aria-label="Objects" className="flex flex-col gap-3 sm:flex-row sm:items-end">
      <div className="grid flex-1 gap-1.5">
        <label htmlFor={`${ids}-q`} className="sr-only">
          Search by name
        </label>
        <div className="relative">
          {props.searching ? (
            <LoaderCircle
              aria-hidden
              className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 animate-spin text-neutral-400"
            />
          ) : (
            <Search
              aria-hidden
              className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-neutral-400"
            />
          )}
          <input
            id={`${ids}-q`}
            type="search"
            value={text}
            onChange={(e) => setText(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === "Escape" && text) {
                e.preventDefault();
                setText("");
              }
            }}
            placeholder="Search by name"
            autoComplete="off"
            maxLength={120}
            className={cn(inputClasses, "pr-9 pl-9 [&::-webkit-search-cancel-button]:hidden")}
          />
          {text && (
            <button
              type="button"
              onClick={() => setText("")}
              aria-label="Clear the search"
              className="absolute top-1/2 right-2 -translate-y-1/2 rounded-md p-1 text-neutral-500 hover:bg-neutral-100 hover:text-neutral-900 dark:hover:bg-neutral-800 dark:hover:text-white"
            >
              <X aria-hidden className="size-4" />
            </button>
          )}
        </div>
      </div>
      <div className="grid grid-cols-2 gap-3 sm:flex">
        <ToolbarSelect
          id={`${ids}-style`}
          label="Style"
          icon={<Palette aria-hidden className="size-4" />}
          value={view.styleId ?? ""}
          onChange={(value) => onChange({ ...view, styleId: value || null, pages: 1 })}
        >
          <option value="">All styles</option>
          {props.styles.map((style) => (
            <option key={style.id} value={style.id}>
              {style.name}
            </option>
          ))}
        </ToolbarSelect>
        <ToolbarSelect
          id={`${ids}-sort`}
          label="Sort"
          icon={<ArrowDownUp aria-hidden className="size-4" />}
          value={view.sort}
          onChange={(value) => onChange({ ...view, sort: value as ObjectSort, pages: 1 })}
        >
          {(Object.keys(sortLabels) as ObjectSort[]).map((sort) => (
            <option key={sort} value={sort}>
              {sortLabels[sort]}
            </option>
          ))}
        </ToolbarSelect>
      </div>
    </div>
  );
}

function ToolbarSelect(props: {
  id: string;
  label: string;
  icon: ReactNode;
  value: string;
  onChange(value: string): void;
  children: ReactNode;
}) {
  return (
    <div className="grid min-w-0 gap-1.5 sm:w-48">
      <label htmlFor={props.id} className="sr-only">
        {props.label}
      </label>
      <div className="relative">
        <span className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-neutral-400">
          {props.icon}
        </span>
        <select
          id={props.id}
          value={props.value}
          onChange={(e) => props.onChange(e.target.value)}
          className={cn(inputClasses, "cursor-pointer appearance-none truncate pr-9 pl-9 text-sm font-medium")}
        >
          {props.children}
        </select>
        <ChevronDown
          aria-hidden
          className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-neutral-500"
        />
      </div>
    </div>
  );
}
