import * as DropdownMenu from "@radix-ui/react-dropdown-menu";
import { Pencil, Sparkles, Trash2 } from "lucide-react";
import { Link } from "react-router";
import { cn } from "~/lib/ui/cn";
import { useOpenedByKey, type LoadedMenu } from "./ui/lazy-dropdown";
import { menuContentClasses, menuItemClasses } from "./ui/menu-classes";

/** A style card's actions, loaded when the menu is first opened (style-card.tsx). */
export default function StyleCardMenu({
  trigger,
  firstOpen,
  generateHref,
  onEdit,
  onDelete,
}: LoadedMenu & { generateHref?: string; onEdit?(): void; onDelete?(): void }) {
  useOpenedByKey(firstOpen);
  return (
    <DropdownMenu.Root modal={false} defaultOpen>
      <DropdownMenu.Trigger asChild>{trigger}</DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content align="end" sideOffset={6} className={menuContentClasses}>
          {generateHref && (
            <DropdownMenu.Item asChild className={menuItemClasses}>
              <Link to={generateHref}>
                <Sparkles aria-hidden className="size-4" /> Generate objects
              </Link>
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
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
