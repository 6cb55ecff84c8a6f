import * as DropdownMenu from "@radix-ui/react-dropdown-menu";
import { Ban, Coins, RotateCcw, Trash2 } from "lucide-react";
import type { OperatorUser } from "#domain/operator-users";
import { cn } from "~/lib/ui/cn";
import type { LoadedMenu } from "../ui/lazy-dropdown";
import { OpenedMenu } from "../ui/opened-menu";
import { menuItemClasses } from "../ui/menu-classes";
import type { AccountAction } from "./account-dialogs";

/** An account's actions in the operator's list, loaded when the menu is first opened (users-table.tsx). */
export default function AccountMenuItems({
  trigger,
  firstOpen,
  user,
  you,
  onAction,
}: LoadedMenu & { user: OperatorUser; you: boolean; onAction(a: AccountAction): void }) {
  return (
    <OpenedMenu trigger={trigger} firstOpen={firstOpen} sideOffset={6}>
      <DropdownMenu.Item className={menuItemClasses} onSelect={() => onAction({ kind: "credits", user })}>
        <Coins aria-hidden className="size-4" />
        Give or take credits
      </DropdownMenu.Item>
      {/* An operator's own account is changed from their settings, not here. */}
      {!you &&
        (user.disabled ? (
          <DropdownMenu.Item className={menuItemClasses} onSelect={() => onAction({ kind: "enable", user })}>
            <RotateCcw aria-hidden className="size-4" />
            Enable account
          </DropdownMenu.Item>
        ) : (
          <DropdownMenu.Item className={menuItemClasses} onSelect={() => onAction({ kind: "disable", user })}>
            <Ban aria-hidden className="size-4" />
            Disable account
          </DropdownMenu.Item>
        ))}
      {!you && (
        <DropdownMenu.Item
          className={cn(menuItemClasses, "text-error-700 dark:text-error-400")}
          onSelect={() => onAction({ kind: "delete", user })}
        >
          <Trash2 aria-hidden className="size-4" />
          Delete account
        </DropdownMenu.Item>
      )}
    </OpenedMenu>
  );
}
