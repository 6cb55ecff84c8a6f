import type { ReactNode } from "react";
import { renderToString } from "react-dom/server";
import { createRoutesStub, Link, NavLink } from "react-router";
import { describe, expect, it } from "vitest";
import { AppLink, AppNavLink, pathIsActive } from "./app-link";

/** The markup `links` render on the page at `at`, under a data router as in the app. */
function markupAt(at: string, links: ReactNode): string {
  const Stub = createRoutesStub([{ path: "*", Component: () => <>{links}</> }]);
  return renderToString(<Stub initialEntries={[at]} />);
}

const navClass = ({ isActive }: { isActive: boolean }) => (isActive ? "nav-link nav-link-active" : "nav-link");

describe("AppLink", () => {
  it("writes the same markup as React Router's Link for an address from the root", () => {
    for (const to of ["/app/object/abc", "/app/style?from=x%20y", "/app", "/app#top"])
      expect(
        markupAt(
          "/app/style",
          <AppLink to={to} className="card" aria-label="Open">
            Open
          </AppLink>,
        ),
      ).toBe(
        markupAt(
          "/app/style",
          <Link to={to} className="card" aria-label="Open">
            Open
          </Link>,
        ),
      );
  });

  it("leaves relative addresses to React Router's Link, which resolves them", () => {
    expect(markupAt("/app/admin/audit", <AppLink to="?before=5">Older</AppLink>)).toContain(
      'href="/app/admin/audit?before=5"',
    );
  });
});

describe("AppNavLink", () => {
  it("marks the page shown as React Router's NavLink does, with and without end", () => {
    const cases: [at: string, to: string, end: boolean][] = [
      ["/app", "/app", true],
      ["/app/style", "/app", true],
      ["/app/style/abc", "/app/style", false],
      ["/app/styles", "/app/style", false],
      ["/APP/Style", "/app/style", false],
      ["/app/settings", "/app/style", false],
    ];
    for (const [at, to, end] of cases)
      expect(
        markupAt(
          at,
          <AppNavLink to={to} end={end} className={navClass}>
            Styles
          </AppNavLink>,
        ),
      ).toBe(
        markupAt(
          at,
          <NavLink to={to} end={end} className={navClass}>
            Styles
          </NavLink>,
        ),
      );
  });

  it("is active on its own page and the pages below it, not on a longer name", () => {
    expect(pathIsActive("/app/style/abc", "/app/style", false)).toBe(true);
    expect(pathIsActive("/app/style/abc", "/app/style", true)).toBe(false);
    expect(pathIsActive("/app/styles", "/app/style", false)).toBe(false);
    expect(pathIsActive("/app", "/app", true)).toBe(true);
    expect(pathIsActive("/app/style/", "/app/style/", true)).toBe(true);
  });
});
