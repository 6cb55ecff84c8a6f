import * as DropdownMenu from "@radix-ui/react-dropdown-menu";
import { colourModeLabels as labels, colourModePreferences, type ColourModePreference } from "#domain/colour-mode";
import { colourModeIcons } from "./colour-mode-icons";
import { useColourModeContext } from "./colour-mode-provider";
import type { LoadedMenu } from "./ui/lazy-dropdown";
import { OpenedMenu } from "./ui/opened-menu";
import { menuItemClasses } from "./ui/menu-classes";

/** The colour-mode menu itself, loaded when it is first opened (colour-mode-menu.tsx). */
export default function ColourModeMenuItems({ trigger, firstOpen }: LoadedMenu) {
  const { preference, setPreference } = useColourModeContext();
  return (
    <OpenedMenu trigger={trigger} firstOpen={firstOpen}>
      <DropdownMenu.RadioGroup
        value={preference}
        onValueChange={(value) => setPreference(value as ColourModePreference)}
      >
        {colourModePreferences.map((mode) => {
          const Icon = colourModeIcons[mode];
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
    </OpenedMenu>
  );
}
