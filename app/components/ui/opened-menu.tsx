import * as DropdownMenu from "@radix-ui/react-dropdown-menu";
import type { ReactNode } from "react";
import { useOpenedByKey, type LoadedMenu } from "./lazy-dropdown";
import { menuContentClasses } from "./menu-classes";

/**
 * The Radix menu a `LazyDropdown` loads, open around its trigger, its items `children`: what every
 * loaded menu shares (docs/decisions/127).
 */
export function OpenedMenu({
  trigger,
  firstOpen,
  sideOffset = 8,
  children,
}: LoadedMenu & { sideOffset?: number; children: ReactNode }) {
  useOpenedByKey(firstOpen);
  return (
    <DropdownMenu.Root modal={false} defaultOpen>
      <DropdownMenu.Trigger asChild>{trigger}</DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content align="end" sideOffset={sideOffset} className={menuContentClasses}>
          {children}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
