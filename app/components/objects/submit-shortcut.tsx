import { useIsApple } from "~/lib/hooks/use-platform";

const key = "rounded border border-neutral-300 bg-white px-1.5 py-0.5 dark:border-neutral-700 dark:bg-neutral-900";

/**
 * The keys that send the composer (⌘ or Ctrl, then Enter), on wide screens. A component of its
 * own: on Apple devices the key's name changes once the page has hydrated, and only this redraws.
 */
export function SubmitShortcut() {
  const apple = useIsApple();
  return (
    <kbd
      aria-label={`${apple ? "Command" : "Control"} Enter`}
      className="hidden items-center gap-1 font-sans text-xs text-neutral-500 desk:inline-flex dark:text-neutral-400"
    >
      <span className={key}>{apple ? "⌘" : "Ctrl"}</span>
      <span className={key}>Enter</span>
    </kbd>
  );
}
