import { Coins, LogOut, Settings, ShieldCheck, SlidersHorizontal } from "lucide-react";
import { DropdownMenu } from "radix-ui";
import { Link } from "react-router";
import { menuContentClasses, menuItemClasses } from "./colour-mode-menu";

export function UserMenu({
  email,
  operator = false,
  buyCredits = false,
  onSignOut,
}: {
  email: string;
  /** Operators also get the operator console and the instance's setup page. */
  operator?: boolean;
  /** Stripe is configured: the credits page sells packs (otherwise it says how to ask for more). */
  buyCredits?: boolean;
  onSignOut: () => void;
}) {
  const initial = email.slice(0, 1).toUpperCase();
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger
        aria-label="Account menu"
        className="grid size-9 place-items-center rounded-full bg-gradient-to-br from-primary-500 to-secondary-500 text-sm font-semibold text-white shadow-sm"
      >
        {initial}
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content align="end" sideOffset={8} className={menuContentClasses}>
          <DropdownMenu.Label className="px-2.5 py-2 text-xs text-neutral-500 dark:text-neutral-400">
            Signed in as
            <span className="block truncate text-sm font-medium text-neutral-900 dark:text-neutral-100">{email}</span>
          </DropdownMenu.Label>
          <DropdownMenu.Separator className="my-1 h-px bg-neutral-200 dark:bg-neutral-800" />
          <DropdownMenu.Item asChild className={menuItemClasses}>
            <Link to="/app/settings">
              <Settings aria-hidden className="size-4" />
              Settings
            </Link>
          </DropdownMenu.Item>
          <DropdownMenu.Item asChild className={menuItemClasses}>
            <Link to="/app/credits">
              <Coins aria-hidden className="size-4" />
              {buyCredits ? "Buy credits" : "Credits"}
            </Link>
          </DropdownMenu.Item>
          {operator && (
            <>
              <DropdownMenu.Item asChild className={menuItemClasses}>
                <Link to="/app/admin">
                  <ShieldCheck aria-hidden className="size-4" />
                  Operator console
                </Link>
              </DropdownMenu.Item>
              <DropdownMenu.Item asChild className={menuItemClasses}>
                <Link to="/app/setup">
                  <SlidersHorizontal aria-hidden className="size-4" />
                  Setup
                </Link>
              </DropdownMenu.Item>
            </>
          )}
          <DropdownMenu.Item className={menuItemClasses} onSelect={onSignOut}>
            <LogOut aria-hidden className="size-4" />
            Sign out
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
