import { Moon, Sun } from "lucide-react";
import { colourModeIcons } from "./colour-mode-icons";
import { lazy } from "react";
import { colourModeLabels as labels, colourModePreferences, type ColourModePreference } from "#domain/colour-mode";
import { cn } from "~/lib/ui/cn";
import { useColourModeContext } from "./colour-mode-provider";
import { useStaticPage } from "./static-page";
import { Button } from "./ui/button";
import { LazyDropdown } from "./ui/lazy-dropdown";
import { menuContentClasses, menuItemClasses } from "./ui/menu-classes";
import { Tooltip } from "./ui/tooltip";

const loadItems = () => import("./colour-mode-menu-items");
const ColourModeMenuItems = lazy(loadItems);

export function ColourModeMenu() {
  const { preference, resolved } = useColourModeContext();
  const isStatic = useStaticPage();
  if (isStatic) return <StaticColourModeMenu preference={preference} />;
  const Current = resolved === "dark" ? Moon : Sun;
  return (
    <LazyDropdown
      preload={loadItems}
      trigger={
        <Tooltip content="Colour mode">
          <Button variant="ghost" size="icon" aria-label={`Colour mode: ${labels[preference]}`}>
            <Current aria-hidden className="size-5" />
          </Button>
        </Tooltip>
      }
    >
      {(menu) => <ColourModeMenuItems {...menu} />}
    </LazyDropdown>
  );
}

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
            const Icon = colourModeIcons[mode];
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
