import { Check, ChevronsUpDown, User, Users } from "lucide-react";
import { DropdownMenu } from "radix-ui";
import { menuContentClasses, menuItemClasses } from "./colour-mode-menu";

export interface WorkspaceChoice {
  id: string;
  /** The team's name; null for the person's own workspace. */
  name: string | null;
}

const label = (choice: WorkspaceChoice) => choice.name ?? "Personal";

/**
 * The header's workspace switcher: the person's own workspace and each team they are in. Choosing
 * one loads the app afresh there (its balance, live events and pages all follow).
 */
export function WorkspaceSwitcher({ current, choices }: { current: WorkspaceChoice; choices: WorkspaceChoice[] }) {
  const CurrentIcon = current.name ? Users : User;
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger
        aria-label={`Workspace: ${label(current)}. Switch workspace`}
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
          {label(current)}
        </span>
        <ChevronsUpDown aria-hidden className="hidden size-3.5 shrink-0 text-neutral-400 sm:block" />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content align="end" sideOffset={8} className={menuContentClasses}>
          <DropdownMenu.Label className="px-2.5 py-2 text-xs text-neutral-500 dark:text-neutral-400">
            Working in
            <span className="block truncate text-sm font-medium text-neutral-900 dark:text-neutral-100">
              {label(current)}
            </span>
          </DropdownMenu.Label>
          <DropdownMenu.Separator className="my-1 h-px bg-neutral-200 dark:bg-neutral-800" />
          {choices.map((choice) => {
            const Icon = choice.name ? Users : User;
            const chosen = choice.id === current.id;
            return (
              <DropdownMenu.Item key={choice.id} asChild className={menuItemClasses}>
                <a href={`/app?workspace=${encodeURIComponent(choice.id)}`} aria-current={chosen ? "true" : undefined}>
                  <Icon aria-hidden className="size-4" />
                  <span className="flex-1 truncate">{label(choice)}</span>
                  {chosen && <Check aria-hidden className="size-4 text-primary-600 dark:text-primary-400" />}
                </a>
              </DropdownMenu.Item>
            );
          })}
          <DropdownMenu.Separator className="my-1 h-px bg-neutral-200 dark:bg-neutral-800" />
          <DropdownMenu.Item asChild className={menuItemClasses}>
            <a href="/app/teams">Manage teams…</a>
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
