import * as DropdownMenu from "@radix-ui/react-dropdown-menu";
import { Pencil, Sparkles, Trash2 } from "lucide-react";
import { AppLink } from "~/components/app-link";
import { cn } from "~/lib/ui/cn";
import type { LoadedMenu } from "./ui/lazy-dropdown";
import { OpenedMenu } from "./ui/opened-menu";
import { menuItemClasses } from "./ui/menu-classes";

/** A style card's actions, loaded when the menu is first opened (style-card.tsx). */
export default function StyleCardMenu({
  trigger,
  firstOpen,
  generateHref,
  onEdit,
  onDelete,
}: LoadedMenu & { generateHref?: string; onEdit?(): void; onDelete?(): void }) {
  return (
    <OpenedMenu trigger={trigger} firstOpen={firstOpen} sideOffset={6}>
      {generateHref && (
        <DropdownMenu.Item asChild className={menuItemClasses}>
          <AppLink to={generateHref}>
            <Sparkles aria-hidden className="size-4" /> Generate objects
          </AppLink>
        </DropdownMenu.Item>
      )}
      {onEdit && (
        <DropdownMenu.Item className={menuItemClasses} onSelect={onEdit}>
          <Pencil aria-hidden className="size-4" /> Edit
        </DropdownMenu.Item>
      )}
      {onDelete && (
        <DropdownMenu.Item className={cn(menuItemClasses, "text-red-600 dark:text-red-400")} onSelect={onDelete}>
          <Trash2 aria-hidden className="size-4" /> Delete
        </DropdownMenu.Item>
      )}
    </OpenedMenu>
  );
}
