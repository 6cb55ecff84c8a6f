import { Link } from "react-router";
import { Logo } from "./logo";

export function SiteFooter() {
  return (
    <footer className="border-t border-neutral-200 dark:border-neutral-800">
      <div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-10 sm:flex-row sm:items-center sm:justify-between sm:px-6">
        <div className="flex flex-col gap-2">
          <Logo className="text-base" />
          <p className="text-sm text-neutral-500 dark:text-neutral-400">
            Reusable styles, consistent images. Self-hosted.
          </p>
        </div>
        <nav aria-label="Legal" className="flex gap-6 text-sm text-neutral-600 dark:text-neutral-400">
          <Link to="/terms" className="hover:text-neutral-900 dark:hover:text-white">
            Terms
          </Link>
          <Link to="/privacy" className="hover:text-neutral-900 dark:hover:text-white">
            Privacy
          </Link>
          <Link to="/auth/login" className="hover:text-neutral-900 dark:hover:text-white">
            Sign in
          </Link>
        </nav>
      </div>
    </footer>
  );
}
