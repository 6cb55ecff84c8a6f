import { ChevronsUpDown, User, Users } from "lucide-react";
import { lazy } from "react";
import { LazyDropdown } from "./ui/lazy-dropdown";
import { workspaceLabel, type WorkspaceSwitcherProps } from "./workspace-choice";

const loadItems = () => import("./workspace-switcher-items");
const WorkspaceSwitcherItems = lazy(loadItems);

/**
 * The header's workspace switcher: the person's own workspace and each team they are in. Choosing
 * one loads the app afresh there (its balance, live events and pages all follow).
 */
export function WorkspaceSwitcher(props: WorkspaceSwitcherProps) {
  const { current } = props;
  const CurrentIcon = current.name ? Users : User;
  return (
    <LazyDropdown
      preload={loadItems}
      trigger={
        <button
          type="button"
          aria-label={`Workspace: ${workspaceLabel(current)}. Switch workspace`}
          data-testid="workspace-switcher"
          className="flex h-9 min-w-0 items-center gap-2 rounded-full border border-neutral-200 bg-white px-2.5 text-sm font-medium sm:px-3 text-neutral-800 shadow-xs hover:bg-neutral-50 focus-visible:ring-2 focus-visible:ring-primary-500 focus-visible:outline-none sm:max-w-60 dark:border-neutral-700 dark:bg-neutral-900 dark:text-neutral-100 dark:hover:bg-neutral-800"
        >
          <CurrentIcon aria-hidden className="hidden size-4 shrink-0 text-neutral-500 sm:block dark:text-neutral-400" />
          {/*
            Named on a phone too (the header drops the wordmark for it): the balance beside it is this
            workspace's. There the icon goes and a long name takes two short lines, so it reads whole.
          */}
          <span
            data-testid="workspace-switcher-name"
            className="line-clamp-2 max-w-[6.5rem] text-xs leading-tight break-words sm:line-clamp-none sm:max-w-none sm:truncate sm:text-sm"
          >
            {workspaceLabel(current)}
          </span>
          <ChevronsUpDown aria-hidden className="hidden size-3.5 shrink-0 text-neutral-400 sm:block" />
        </button>
      }
    >
      {(menu) => <WorkspaceSwitcherItems {...menu} {...props} />}
    </LazyDropdown>
  );
}
