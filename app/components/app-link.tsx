import type { AnchorHTMLAttributes, MouseEvent, ReactNode, Ref } from "react";
import { Link, useLocation, useNavigate } from "react-router";

type AnchorProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "href" | "className" | "children">;

export interface AppLinkProps extends AnchorProps {
  /** An address in Motif from its root ("/app/style?from=…"); anything else goes to React Router's `<Link>`. */
  to: string;
  replace?: boolean;
  className?: string;
  children?: ReactNode;
  ref?: Ref<HTMLAnchorElement>;
}

/**
 * A link to an address in Motif, followed in the page as React Router's `<Link>` follows it, for
 * less work per link: `<Link>` resolves its target against every matched route, three times over,
 * on every render, a few percent of a signed-in page's render on the server (docs/decisions/144).
 * An address from the root needs none of that. Relative addresses fall back to `<Link>`.
 */
export function AppLink(props: AppLinkProps) {
  return props.to.startsWith("/") && !props.to.startsWith("//") ? <RootLink {...props} /> : <Link {...props} />;
}

function RootLink({ to, replace, onClick, target, ...rest }: AppLinkProps) {
  const navigate = useNavigate();
  const follow = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (event.defaultPrevented || !followedInPage(event, target)) return;
    event.preventDefault();
    // As `<Link>`: a link to where the person already is replaces the entry instead of adding one.
    const here = window.location.pathname + window.location.search + window.location.hash;
    void navigate(to, { replace: replace ?? here === to });
  };
  return <a {...rest} href={to} target={target} onClick={follow} data-discover="true" />;
}

/** A plain left click on a link for this tab: modified clicks and other targets are the browser's. */
function followedInPage(event: MouseEvent<HTMLAnchorElement>, target: string | undefined): boolean {
  return (
    event.button === 0 &&
    (!target || target === "_self") &&
    !(event.metaKey || event.altKey || event.ctrlKey || event.shiftKey)
  );
}

export interface AppNavLinkProps extends Omit<AppLinkProps, "className"> {
  /** Matches the path exactly, not also the paths below it. */
  end?: boolean;
  className: (state: { isActive: boolean }) => string;
}

/**
 * `AppLink` that knows when it leads to the page shown, as React Router's `<NavLink>` does for an
 * address from the root (case-insensitive, `end` for an exact match): its class says so and it
 * carries `aria-current="page"`.
 */
export function AppNavLink({ to, end = false, className, ...rest }: AppNavLinkProps) {
  const isActive = pathIsActive(useLocation().pathname, to, end);
  return <AppLink {...rest} aria-current={isActive ? "page" : undefined} className={className({ isActive })} to={to} />;
}

/** Whether the page at `pathname` is `to` (or, unless `end`, below it). */
export function pathIsActive(pathname: string, to: string, end: boolean): boolean {
  const here = pathname.toLowerCase();
  const there = to.toLowerCase();
  const slash = there !== "/" && there.endsWith("/") ? there.length - 1 : there.length;
  return here === there || (!end && here.startsWith(there) && here.charAt(slash) === "/");
}
