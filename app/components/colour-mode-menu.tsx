import { Monitor, Moon, Sun } from "lucide-react";
import { DropdownMenu } from "radix-ui";
import { colourModeLabels as labels, colourModePreferences, type ColourModePreference } from "#domain/colour-mode";
import { cn } from "~/lib/ui/cn";
import { useColourModeContext } from "./colour-mode-provider";
import { useStaticPage } from "./static-page";
import { Button } from "./ui/button";
import { Tooltip } from "./ui/tooltip";

const icons = { system: Monitor, light: Sun, dark: Moon };

export function ColourModeMenu() {
  const { preference, resolved, setPreference } = useColourModeContext();
  const isStatic = useStaticPage();
  if (isStatic) return <StaticColourModeMenu preference={preference} />;
  const Current = resolved === "dark" ? Moon : Sun;
  return (
    <DropdownMenu.Root modal={false}>
      <Tooltip content="Colour mode">
        <DropdownMenu.Trigger asChild>
          <Button variant="ghost" size="icon" aria-label={`Colour mode: ${labels[preference]}`}>
            <Current aria-hidden className="size-5" />
          </Button>
        </DropdownMenu.Trigger>
      </Tooltip>
      <DropdownMenu.Portal>
        <DropdownMenu.Content align="end" sideOffset={8} className={menuContentClasses}>
          <DropdownMenu.RadioGroup
            value={preference}
            onValueChange={(value) => setPreference(value as ColourModePreference)}
          >
            {colourModePreferences.map((mode) => {
              const Icon = icons[mode];
              return (
                <DropdownMenu.RadioItem key={mode} value={mode} className={menuItemClasses}>
                  <Icon aria-hidden className="size-4" />
                  {labels[mode]}
                  <DropdownMenu.ItemIndicator className="ml-auto text-primary-600 dark:text-primary-400">
                    •
                  </DropdownMenu.ItemIndicator>
                </DropdownMenu.RadioItem>
              );
            })}
          </DropdownMenu.RadioGroup>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

/**
 * Shared look of dropdown menus. Menus are opened with `modal={false}`: a modal menu
 * hides the rest of the page from screen readers (aria-hidden) while focus can still
 * reach the toast region, which assistive tech reports as hidden focusable content.
 */
export const menuContentClasses =
  "z-50 min-w-44 animate-fade-in rounded-xl border border-neutral-200 bg-white p-1.5 shadow-xl dark:border-neutral-800 dark:bg-neutral-900";
export const menuItemClasses = cn(
  "flex cursor-default items-center gap-2.5 rounded-lg px-2.5 py-2 text-sm text-neutral-700 outline-none select-none",
  "data-[highlighted]:bg-neutral-100 data-[highlighted]:text-neutral-900",
  "dark:text-neutral-300 dark:data-[highlighted]:bg-neutral-800 dark:data-[highlighted]:text-white",
);

/**
 * The same menu on a page served without React: the button, and the menu's markup in a
 * template that app/static-page/controls.ts opens. The icon follows the page's class.
 */
function StaticColourModeMenu({ preference }: { preference: ColourModePreference }) {
  return (
    <>
      <Button
        variant="ghost"
        size="icon"
        aria-label={`Colour mode: ${labels[preference]}`}
        aria-haspopup="menu"
        aria-expanded="false"
        data-color-mode-trigger=""
        data-tooltip="Colour mode"
      >
        <Sun aria-hidden className="size-5 dark:hidden" />
        <Moon aria-hidden className="hidden size-5 dark:block" />
      </Button>
      <template data-color-mode-menu="">
        <div role="menu" aria-label="Colour mode" tabIndex={-1} className={cn(menuContentClasses, "outline-none")}>
          {colourModePreferences.map((mode) => {
            const Icon = icons[mode];
            return (
              <div
                key={mode}
                role="menuitemradio"
                aria-checked="false"
                tabIndex={-1}
                data-value={mode}
                className={menuItemClasses}
              >
                <Icon aria-hidden className="size-4" />
                {labels[mode]}
                <span data-indicator="" className="ml-auto text-primary-600 dark:text-primary-400">
                  •
                </span>
              </div>
            );
          })}
        </div>
      </template>
    </>
  );
}
