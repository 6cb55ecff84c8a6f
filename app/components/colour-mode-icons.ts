import { Monitor, Moon, Sun } from "lucide-react";

/** Each colour-mode choice's icon, in the menu and on static pages alike. */
export const colourModeIcons = { system: Monitor, light: Sun, dark: Moon };
