/**
 * Colour mode (spec §3, §4): the preference is system, light or dark, kept in
 * localStorage and mirrored to a cookie so the server renders the right class.
 * A route can force a mode with `handle: { colorMode: "dark" }`.
 */
export const colorModePreferences = ["system", "light", "dark"] as const;
export type ColorModePreference = (typeof colorModePreferences)[number];
export const colorModeLabels: Record<ColorModePreference, string> = { system: "System", light: "Light", dark: "Dark" };
export type ResolvedColorMode = "light" | "dark";

export const COLOR_MODE_KEY = "motif-color-mode";
export const COLOR_MODE_COOKIE = "motif-color-mode";
export const DARK_QUERY = "(prefers-color-scheme: dark)";

// A plain check, not a schema: this module is on every page, before any validation library.
export function parsePreference(value: unknown): ColorModePreference {
  return colorModePreferences.includes(value as ColorModePreference) ? (value as ColorModePreference) : "system";
}

export function readPreferenceCookie(cookieHeader: string | null | undefined): ColorModePreference {
  const match = /(?:^|;\s*)motif-color-mode=([^;]*)/.exec(cookieHeader ?? "");
  return parsePreference(match?.[1]);
}

export function resolveColorMode(options: {
  preference: ColorModePreference;
  forced?: ResolvedColorMode;
  systemDark: boolean;
}): ResolvedColorMode {
  if (options.forced) return options.forced;
  if (options.preference === "system") return options.systemDark ? "dark" : "light";
  return options.preference;
}

export function preferenceCookie(preference: ColorModePreference): string {
  return `${COLOR_MODE_COOKIE}=${preference}; Path=/; Max-Age=31536000; SameSite=Lax`;
}

/**
 * Runs in <head> before the body paints: picks the class from the forced mode,
 * the stored preference and the device setting, so there is never a flash.
 */
export const colorModeScript = `(function(){try{var d=document.documentElement;var f=d.getAttribute("data-forced-color-mode");var p=localStorage.getItem(${JSON.stringify(COLOR_MODE_KEY)});if(p!=="light"&&p!=="dark"&&p!=="system"){var m=document.cookie.match(/(?:^|;\\s*)${COLOR_MODE_COOKIE}=([^;]*)/);p=m?m[1]:"system";}var dark=f?f==="dark":p==="dark"||(p!=="light"&&matchMedia(${JSON.stringify(DARK_QUERY)}).matches);d.classList.toggle("dark",dark);d.style.colorScheme=dark?"dark":"light";}catch(e){}})();`;
