import { ArrowDown, ArrowRight, FlaskConical, X } from "lucide-react";
import { useLocation } from "react-router";
import { AppLink } from "~/components/app-link";
import { cn } from "~/lib/ui/cn";
import { useDismissal } from "~/lib/hooks/use-dismissal";
import { SETUP_BANNER_COOKIE } from "#domain/setup-banner";

/** Keeps the banner away until the browser closes; the server reads the cookie, so it never flashes back. */
function hideForThisSession() {
  document.cookie = `${SETUP_BANNER_COOKIE}=hidden; Path=/; SameSite=Lax`;
}

const SETUP_PATH = "/app/setup";
/** The setup page's section with the steps to connect a model (app/routes/app/setup.tsx). */
const CONNECT_SECTION_ID = "connect";

const linkClass =
  "font-semibold whitespace-nowrap text-warning-900 underline decoration-warning-500 underline-offset-2 hover:decoration-2 dark:text-warning-50";

/** Tells the operator, plainly, that no AI model makes the images yet, and where to connect one. */
export function PreviewEngineBanner({ className }: { className?: string }) {
  const { hidden, dismiss } = useDismissal(hideForThisSession);
  // On the setup page itself a link to it would go nowhere: point down to the steps instead.
  const onSetupPage = useLocation().pathname === SETUP_PATH;
  if (hidden) return null;
  return (
    <aside
      aria-label="Image engine"
      className={cn(
        "flex items-start gap-3 rounded-xl border border-warning-300 bg-warning-50 px-4 py-3 text-sm text-warning-950 dark:border-warning-800/70 dark:bg-warning-950/40 dark:text-warning-100",
        className,
      )}
    >
      <FlaskConical aria-hidden className="mt-0.5 size-5 shrink-0 text-warning-700 dark:text-warning-300" />
      <p className="min-w-0 flex-1 leading-relaxed">
        Images are made by the preview engine, not an AI model.{" "}
        {onSetupPage ? (
          <a href={`#${CONNECT_SECTION_ID}`} className={linkClass}>
            Connect a real model <ArrowDown aria-hidden className="inline size-4 align-[-3px]" />
          </a>
        ) : (
          <AppLink to={SETUP_PATH} className={linkClass}>
            Connect a real model <ArrowRight aria-hidden className="inline size-4 align-[-3px]" />
          </AppLink>
        )}
      </p>
      <button
        type="button"
        onClick={dismiss}
        aria-label="Hide this notice until your next visit"
        className="-m-1 grid size-8 shrink-0 place-items-center rounded-lg text-warning-800 hover:bg-warning-100 dark:text-warning-200 dark:hover:bg-warning-900/50"
      >
        <X aria-hidden className="size-4" />
      </button>
    </aside>
  );
}
