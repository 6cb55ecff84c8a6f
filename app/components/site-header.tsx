import { Link } from "react-router";
import { ColourModeMenu } from "./colour-mode-menu";
import { Logo } from "./logo";
import { MobileNav } from "./mobile-nav";
import { buttonClasses } from "./ui/button";

const sections = [
  { href: "/#how-it-works", label: "How it works" },
  { href: "/#gallery", label: "Gallery" },
  { href: "/#pricing", label: "Pricing" },
];

export function SiteHeader({ signedIn }: { signedIn: boolean }) {
  return (
    <header className="sticky top-0 z-40 border-b border-neutral-200/70 bg-white/80 backdrop-blur-md dark:border-neutral-800/70 dark:bg-neutral-950/80">
      <div className="mx-auto flex h-16 max-w-6xl items-center gap-6 px-4 sm:px-6">
        <MobileNav className="-ml-2 desk:hidden">
          {(close) => (
            <nav aria-label="Main" className="flex flex-col gap-1">
              {sections.map((s) => (
                <Link
                  key={s.href}
                  to={s.href}
                  onClick={close}
                  className="rounded-xl px-3 py-2.5 text-sm font-medium text-neutral-700 hover:bg-neutral-100 dark:text-neutral-300 dark:hover:bg-neutral-800"
                >
                  {s.label}
                </Link>
              ))}
              <Link
                to="/auth/login"
                onClick={close}
                className="rounded-xl px-3 py-2.5 text-sm font-medium text-neutral-700 hover:bg-neutral-100 dark:text-neutral-300 dark:hover:bg-neutral-800"
              >
                Sign in
              </Link>
            </nav>
          )}
        </MobileNav>
        <Link to="/" aria-label="Motif home" className="rounded-xl">
          <Logo />
        </Link>
        <nav aria-label="Main" className="hidden items-center gap-1 desk:flex">
          {sections.map((s) => (
            <Link
              key={s.href}
              to={s.href}
              className="rounded-lg px-3 py-2 text-sm font-medium text-neutral-600 transition-colors hover:text-neutral-900 dark:text-neutral-400 dark:hover:text-white"
            >
              {s.label}
            </Link>
          ))}
        </nav>
        <div className="ml-auto flex items-center gap-2">
          <ColourModeMenu />
          {signedIn ? (
            <Link to="/app" className={buttonClasses("primary")}>
              Open Motif
            </Link>
          ) : (
            <Link to="/auth/login" className={buttonClasses("primary")}>
              Sign in
            </Link>
          )}
        </div>
      </div>
    </header>
  );
}
