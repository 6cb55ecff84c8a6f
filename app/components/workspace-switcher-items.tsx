import * as DropdownMenu from "@radix-ui/react-dropdown-menu";
import { Check, User, Users } from "lucide-react";
import type { LoadedMenu } from "./ui/lazy-dropdown";
import { OpenedMenu } from "./ui/opened-menu";
import { menuItemClasses, menuLabelClasses, menuSeparatorClasses } from "./ui/menu-classes";
import { workspaceLabel, type WorkspaceSwitcherProps } from "./workspace-choice";

/** The workspace menu itself, loaded when it is first opened (workspace-switcher.tsx). */
export default function WorkspaceSwitcherItems({
  trigger,
  firstOpen,
  current,
  choices,
}: LoadedMenu & WorkspaceSwitcherProps) {
  return (
    <OpenedMenu trigger={trigger} firstOpen={firstOpen}>
      <DropdownMenu.Label className={menuLabelClasses}>
        Working in
        <span className="block truncate text-sm font-medium text-neutral-900 dark:text-neutral-100">
          {workspaceLabel(current)}
        </span>
      </DropdownMenu.Label>
      <DropdownMenu.Separator className={menuSeparatorClasses} />
      {choices.map((choice) => {
        const Icon = choice.name ? Users : User;
        const chosen = choice.id === current.id;
        return (
          <DropdownMenu.Item key={choice.id} asChild className={menuItemClasses}>
            <a href={`/app?workspace=${encodeURIComponent(choice.id)}`} aria-current={chosen ? "true" : undefined}>
              <Icon aria-hidden className="size-4" />
              <span className="flex-1 truncate">{workspaceLabel(choice)}</span>
              {chosen && <Check aria-hidden className="size-4 text-primary-600 dark:text-primary-400" />}
            </a>
          </DropdownMenu.Item>
        );
      })}
      <DropdownMenu.Separator className={menuSeparatorClasses} />
      <DropdownMenu.Item asChild className={menuItemClasses}>
        <a href="/app/teams">Manage teams…</a>
      </DropdownMenu.Item>
    </OpenedMenu>
  );
}
