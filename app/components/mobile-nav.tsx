import { Menu, X } from "lucide-react";
import { lazy, Suspense, useEffect, useState, type ReactNode } from "react";
import { useOpenedOnce } from "~/lib/hooks/use-opened-once";
import { useIsMobile } from "~/lib/hooks/use-mobile";
import { Logo } from "./logo";
import { useStaticPage } from "./static-page";
import { Button } from "./ui/button";
import { standInTrigger } from "./ui/lazy-dropdown";

const overlayClasses = "fixed inset-0 z-50 animate-fade-in bg-neutral-950/40 backdrop-blur-sm";
const sheetClasses =
  "fixed inset-y-0 left-0 z-50 flex w-72 max-w-[85vw] flex-col gap-6 bg-white p-4 shadow-2xl dark:bg-neutral-900";

const loadSheet = () => import("./mobile-nav-sheet");
const MobileNavSheet = lazy(loadSheet);

/**
 * Navigation on screens 1024 px wide or narrower: a sheet from the left, its code (Radix's dialog)
 * loaded when the button is first reached for (docs/decisions/127).
 * `children` receives a callback that closes the sheet after a link is followed.
 */
export function MobileNav({ children, className }: { children: (close: () => void) => ReactNode; className?: string }) {
  const [open, setOpen] = useState(false);
  const opened = useOpenedOnce(open);
  const isMobile = useIsMobile();
  const isStatic = useStaticPage();
  // Growing the window past the breakpoint shows the desktop navigation: close the sheet.
  useEffect(() => {
    if (!isMobile) setOpen(false);
  }, [isMobile]);
  if (isStatic) return <StaticMobileNav className={className}>{children(() => {})}</StaticMobileNav>;
  const trigger = (
    <Button variant="ghost" size="icon" aria-label="Open navigation" className={className}>
      <Menu aria-hidden className="size-5" />
    </Button>
  );
  if (!opened) return standInTrigger(trigger, { popup: "dialog", preload: loadSheet, onOpen: () => setOpen(true) });
  return (
    <Suspense fallback={trigger}>
      <MobileNavSheet
        trigger={trigger}
        open={open}
        onOpenChange={setOpen}
        overlayClasses={overlayClasses}
        sheetClasses={sheetClasses}
      >
        {children(() => setOpen(false))}
      </MobileNavSheet>
    </Suspense>
  );
}

/** The same sheet on a page served without React: opened from its template by app/static-page/controls.ts. */
function StaticMobileNav({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <>
      <Button
        variant="ghost"
        size="icon"
        aria-label="Open navigation"
        aria-haspopup="dialog"
        aria-expanded="false"
        data-mobile-nav-trigger=""
        className={className}
      >
        <Menu aria-hidden className="size-5" />
      </Button>
      <template data-mobile-nav-sheet="">
        <div>
          <div data-sheet-overlay="" className={overlayClasses} />
          <div
            role="dialog"
            aria-modal="true"
            aria-labelledby="mobile-nav-title"
            aria-describedby="mobile-nav-description"
            className={sheetClasses}
          >
            <div className="flex items-center justify-between">
              <h2 id="mobile-nav-title" className="px-2">
                <Logo />
              </h2>
              <Button variant="ghost" size="icon" aria-label="Close navigation" data-sheet-close="">
                <X aria-hidden className="size-5" />
              </Button>
            </div>
            <p id="mobile-nav-description" className="sr-only">
              Go to another part of Motif
            </p>
            {children}
          </div>
        </div>
      </template>
    </>
  );
}
