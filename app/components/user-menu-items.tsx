import * as DropdownMenu from "@radix-ui/react-dropdown-menu";
import { Coins, LogOut, Settings, ShieldCheck, SlidersHorizontal } from "lucide-react";
import { AppLink } from "~/components/app-link";
import type { LoadedMenu } from "./ui/lazy-dropdown";
import { OpenedMenu } from "./ui/opened-menu";
import { menuItemClasses, menuLabelClasses, menuSeparatorClasses } from "./ui/menu-classes";
import type { UserMenuProps } from "./user-menu";

/** The account menu itself, loaded when it is first opened (user-menu.tsx). */
export default function UserMenuItems({
  trigger,
  firstOpen,
  email,
  operator = false,
  buyCredits = false,
  onSignOut,
}: LoadedMenu & UserMenuProps) {
  return (
    <OpenedMenu trigger={trigger} firstOpen={firstOpen}>
      <DropdownMenu.Label className={menuLabelClasses}>
        Signed in as
        <span className="block truncate text-sm font-medium text-neutral-900 dark:text-neutral-100">{email}</span>
      </DropdownMenu.Label>
      <DropdownMenu.Separator className={menuSeparatorClasses} />
      <DropdownMenu.Item asChild className={menuItemClasses}>
        <AppLink to="/app/settings">
          <Settings aria-hidden className="size-4" />
          Settings
        </AppLink>
      </DropdownMenu.Item>
      <DropdownMenu.Item asChild className={menuItemClasses}>
        <AppLink to="/app/credits">
          <Coins aria-hidden className="size-4" />
          {buyCredits ? "Buy credits" : "Credits"}
        </AppLink>
      </DropdownMenu.Item>
      {operator && (
        <>
          <DropdownMenu.Item asChild className={menuItemClasses}>
            <AppLink to="/app/admin">
              <ShieldCheck aria-hidden className="size-4" />
              Operator console
            </AppLink>
          </DropdownMenu.Item>
          <DropdownMenu.Item asChild className={menuItemClasses}>
            <AppLink to="/app/setup">
              <SlidersHorizontal aria-hidden className="size-4" />
              Setup
            </AppLink>
          </DropdownMenu.Item>
        </>
      )}
      <DropdownMenu.Item className={menuItemClasses} onSelect={onSignOut}>
        <LogOut aria-hidden className="size-4" />
        Sign out
      </DropdownMenu.Item>
    </OpenedMenu>
  );
}
