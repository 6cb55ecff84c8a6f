import { describe, expect, it } from "vitest";
import {
  defaultLibraryView,
  isFiltered,
  libraryViewSearch,
  MAX_LIBRARY_PAGES,
  readLibraryView,
  sameFilters,
} from "~/lib/state/object-library-params";

const read = (search: string) => readLibraryView(new URLSearchParams(search));

describe("the library's view in its address", () => {
  it("reads what the address says and falls back to defaults", () => {
    expect(read("")).toEqual(defaultLibraryView);
    expect(read("q=%20potion%20&style=s1&set=j1&sort=name&pages=3")).toEqual({
      q: "potion",
      styleId: "s1",
      setId: "j1",
      sort: "name",
      pages: 3,
    });
    expect(read("sort=sideways&pages=-2")).toEqual(defaultLibraryView);
    expect(read("pages=9999").pages).toBe(MAX_LIBRARY_PAGES);
  });

  it("writes only what differs from the defaults, and reads back the same", () => {
    expect(libraryViewSearch(defaultLibraryView)).toBe("");
    const view = { q: "red cap", styleId: "s1", setId: "j1", sort: "oldest" as const, pages: 2 };
    const search = libraryViewSearch(view);
    expect(search).toBe("?q=red+cap&style=s1&set=j1&sort=oldest&pages=2");
    expect(read(search.slice(1))).toEqual(view);
  });

  it("tells filters from pages", () => {
    expect(isFiltered(defaultLibraryView)).toBe(false);
    expect(isFiltered({ ...defaultLibraryView, q: "x" })).toBe(true);
    expect(isFiltered({ ...defaultLibraryView, setId: "j1" })).toBe(true);
    expect(sameFilters(defaultLibraryView, { ...defaultLibraryView, setId: "j1" })).toBe(false);
    expect(sameFilters(defaultLibraryView, { ...defaultLibraryView, pages: 4 })).toBe(true);
    expect(sameFilters(defaultLibraryView, { ...defaultLibraryView, sort: "name" })).toBe(false);
  });
});
