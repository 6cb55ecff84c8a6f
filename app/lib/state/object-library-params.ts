import { objectSorts, type ObjectSort } from "#domain/objects";
import { readPageCount } from "./page-count";

/**
 * The object library's view lives in its address (?q=&style=&set=&sort=&pages=), so a
 * reload, a shared link or the back button shows the same filters and as many
 * pages as were loaded.
 */
export interface LibraryView {
  q: string;
  styleId: string | null;
  /** One set's objects (what one submission made). */
  setId: string | null;
  sort: ObjectSort;
  /** How many pages "Load more" has shown. */
  pages: number;
}

/** Pages one address may ask for: enough to scroll far, bounded work per load. */
export const MAX_LIBRARY_PAGES = 20;

export const defaultLibraryView: LibraryView = { q: "", styleId: null, setId: null, sort: "newest", pages: 1 };

export function readLibraryView(params: URLSearchParams): LibraryView {
  const sort = params.get("sort");
  return {
    q: (params.get("q") ?? "").trim().slice(0, 120),
    styleId: params.get("style") || null,
    setId: params.get("set") || null,
    sort: (objectSorts as readonly string[]).includes(sort ?? "") ? (sort as ObjectSort) : "newest",
    pages: readPageCount(params, MAX_LIBRARY_PAGES),
  };
}

/** The search string for a view, leaving out defaults ("" for the default view). */
export function libraryViewSearch(view: LibraryView): string {
  const params = new URLSearchParams();
  if (view.q) params.set("q", view.q);
  if (view.styleId) params.set("style", view.styleId);
  if (view.setId) params.set("set", view.setId);
  if (view.sort !== "newest") params.set("sort", view.sort);
  if (view.pages > 1) params.set("pages", String(view.pages));
  const search = params.toString();
  return search ? `?${search}` : "";
}

/** True when the view narrows the library (what decides "no objects yet" from "no matches"). */
export const isFiltered = (view: LibraryView) => Boolean(view.q || view.styleId || view.setId);

/** Two views that show the same objects apart from how many pages. */
export const sameFilters = (a: LibraryView, b: LibraryView) =>
  a.q === b.q && a.styleId === b.styleId && a.setId === b.setId && a.sort === b.sort;
