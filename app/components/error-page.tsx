import { Link, useLocation } from "react-router";
import { buttonClasses } from "./ui/button";

export function errorTitle(status: number): string {
  return status === 404 ? "Page Not Found" : "Internal Server Error";
}

/** Spec §2: 404 reads 'Page not found: {path}'; anything else is a 500 unless it says otherwise. */
export function ErrorPage({ status = 500, error }: { status?: number; error?: unknown }) {
  const location = useLocation();
  const title = errorTitle(status);
  const inApp = location.pathname === "/app" || location.pathname.startsWith("/app/");
  const message =
    status === 404 ? `Page not found: ${location.pathname}` : "Something went wrong on our side. Please try again.";
  const stack = import.meta.env.DEV && error instanceof Error ? error.stack : undefined;
  return (
    <main className="mx-auto flex min-h-[60vh] max-w-xl flex-col items-center justify-center px-6 py-24 text-center">
      <title>{`${title} · Motif`}</title>
      <p className="text-sm font-semibold tracking-wide text-primary-600 dark:text-primary-400">{status}</p>
      <h1 className="mt-3 text-3xl font-semibold tracking-tight sm:text-4xl">{title}</h1>
      <p className="mt-4 text-base text-neutral-600 dark:text-neutral-400" data-testid="error-message">
        {message}
      </p>
      <div className="mt-8 flex gap-3">
        {/* Inside the app, the way back is the app, not the marketing page. */}
        {inApp ? (
          <Link to="/app" className={buttonClasses("primary")}>
            Back to the app
          </Link>
        ) : (
          <Link to="/" className={buttonClasses("primary")}>
            Go to the home page
          </Link>
        )}
      </div>
      {stack && (
        <pre className="mt-10 max-w-full overflow-auto rounded-xl bg-neutral-100 p-4 text-left text-xs dark:bg-neutral-900">
          {stack}
        </pre>
      )}
    </main>
  );
}
