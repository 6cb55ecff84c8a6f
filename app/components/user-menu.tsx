import { lazy } from "react";
import { LazyDropdown } from "./ui/lazy-dropdown";

export interface UserMenuProps {
  email: string;
  /** Operators also get the operator console and the instance's setup page. */
  operator?: boolean;
  /** Stripe is configured: the credits page sells packs (otherwise it says how to ask for more). */
  buyCredits?: boolean;
  onSignOut: () => void;
}

const loadItems = () => import("./user-menu-items");
const UserMenuItems = lazy(loadItems);

/** The account menu: the person's initial, opening their settings, credits and sign-out. */
export function UserMenu(props: UserMenuProps) {
  return (
    <LazyDropdown
      preload={loadItems}
      trigger={
        <button
          type="button"
          aria-label="Account menu"
          className="grid size-9 place-items-center rounded-full bg-gradient-to-br from-primary-500 to-secondary-500 text-sm font-semibold text-white shadow-sm"
        >
          {props.email.slice(0, 1).toUpperCase()}
        </button>
      }
    >
      {(menu) => <UserMenuItems {...menu} {...props} />}
    </LazyDropdown>
  );
}
