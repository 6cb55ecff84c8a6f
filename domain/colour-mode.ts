/**
 * Colour mode (spec §3, §4): the preference is system, light or dark, kept in
 * localStorage and mirrored to a cookie so the server renders the right class.
 * A route can force a mode with `handle: { colourMode: "dark" }`.
 */
export const colourModePreferences = ["system", "light", "dark"] as const;
export type ColourModePreference = (typeof colourModePreferences)[number];
export const colourModeLabels: Record<ColourModePreference, string> = {
  system: "System",
  light: "Light",
  dark: "Dark",
};
export type ResolvedColourMode = "light" | "dark";

export const COLOUR_MODE_KEY = "motif-color-mode";
export const COLOUR_MODE_COOKIE = "motif-color-mode";
export const DARK_QUERY = "(prefers-color-scheme: dark)";

// A plain check, not a schema: this module is on every page, before any validation library.
export function parsePreference(value: unknown): ColourModePreference {
  return colourModePreferences.includes(value as ColourModePreference) ? (value as ColourModePreference) : "system";
}

export function readPreferenceCookie(cookieHeader: string | null | undefined): ColourModePreference {
  const match = /(?:^|;\s*)motif-color-mode=([^;]*)/.exec(cookieHeader ?? "");
  return parsePreference(match?.[1]);
}

export function resolveColourMode(options: {
  preference: ColourModePreference;
  forced?: ResolvedColourMode;
  systemDark: boolean;
}): ResolvedColourMode {
  if (options.forced) return options.forced;
  if (options.preference === "system") return options.systemDark ? "dark" : "light";
  return options.preference;
}

export function preferenceCookie(preference: ColourModePreference): string {
  return `${COLOUR_MODE_COOKIE}=${preference}; Path=/; Max-Age=31536000; SameSite=Lax`;
}

/**
 * Runs in <head> before the body paints: picks the class from the forced mode,
 * the stored preference and the device setting, so there is never a flash.
 */
export const colourModeScript = `(function(){try{var d=document.documentElement;var f=d.getAttribute("data-forced-color-mode");var p=localStorage.getItem(${JSON.stringify(COLOUR_MODE_KEY)});if(p!=="light"&&p!=="dark"&&p!=="system"){var m=document.cookie.match(/(?:^|;\\s*)${COLOUR_MODE_COOKIE}=([^;]*)/);p=m?m[1]:"system";}var dark=f?f==="dark":p==="dark"||(p!=="light"&&matchMedia(${JSON.stringify(DARK_QUERY)}).matches);d.classList.toggle("dark",dark);d.style.colorScheme=dark?"dark":"light";}catch(e){}})();`;
