/**
 * Colours named in words ("muted sage and dusty rose", "navy", "sky blue"), read into
 * hex values. Shared by the palette a text style is given and the preview engine, so
 * both take the colours a person asked for, not colours made up from a hash.
 */

/** The palette of a style that names no colours: warm amber and teal, a coral, a deep blue-green for lines. */
export const DEFAULT_PALETTE = ["#f4a23c", "#2a9d8f", "#e76f51", "#264653", "#e9c46a"];

const colourNames: Record<string, string> = {
  red: "#d62828",
  crimson: "#b3163c",
  scarlet: "#e0301e",
  cherry: "#c2185b",
  maroon: "#7b1e2b",
  burgundy: "#800032",
  wine: "#722f37",
  rose: "#e07a8b",
  pink: "#ff8fab",
  blush: "#f4b6c2",
  salmon: "#fa8072",
  coral: "#ff6b5b",
  peach: "#ffb38a",
  orange: "#f77f00",
  tangerine: "#ff9505",
  rust: "#b7410e",
  terracotta: "#c8553d",
  copper: "#b87333",
  bronze: "#a97142",
  amber: "#f4a23c",
  gold: "#e9b949",
  golden: "#e9b949",
  mustard: "#d4a017",
  yellow: "#ffd166",
  lemon: "#fff44f",
  cream: "#fff3d6",
  ivory: "#fffaf0",
  beige: "#eadbc8",
  sand: "#e2c799",
  tan: "#d2b48c",
  khaki: "#c3b091",
  brown: "#8d5a3b",
  chocolate: "#5c3317",
  caramel: "#c68e17",
  olive: "#708238",
  lime: "#a7d129",
  green: "#3a9d5d",
  emerald: "#2a9d6f",
  jade: "#00a86b",
  sage: "#9caf88",
  mint: "#98e2c6",
  moss: "#6b7f3a",
  forest: "#2d6a4f",
  teal: "#2a9d8f",
  turquoise: "#40c9b5",
  aqua: "#4fd1c5",
  cyan: "#22b8cf",
  sky: "#87ceeb",
  blue: "#3a86ff",
  azure: "#3399ff",
  cobalt: "#0047ab",
  denim: "#1560bd",
  navy: "#1f2a44",
  indigo: "#3f3d99",
  periwinkle: "#9aa5f0",
  lavender: "#b8a9e3",
  lilac: "#c8a2c8",
  violet: "#8e5cf7",
  purple: "#7b3fbf",
  plum: "#7d3c6b",
  mauve: "#b784a7",
  magenta: "#d63384",
  fuchsia: "#e03e9f",
  white: "#f8f9fa",
  black: "#1a1c2c",
  charcoal: "#36454f",
  grey: "#8d99ae",
  gray: "#8d99ae",
  silver: "#c0c6cc",
  slate: "#5a6b7d",
  pastel: "#cdb4db",
};

/** Two-word names, read before their parts ("sky blue" is not "sky" and "blue"). */
const compoundNames: Record<string, string> = {
  "sky blue": "#87ceeb",
  "royal blue": "#4169e1",
  "baby blue": "#a7c7e7",
  "forest green": "#2d6a4f",
  "sea green": "#2e8b57",
  "olive green": "#708238",
  "lime green": "#7ac74f",
  "mint green": "#98e2c6",
  "sage green": "#9caf88",
  "hot pink": "#ff4f9a",
  "rose gold": "#d4a59a",
  "off white": "#f4f1ea",
  "dusty rose": "#c48b8f",
};

type Modifier = (hsl: Hsl) => Hsl;
interface Hsl {
  h: number;
  s: number;
  l: number;
}

const clamp = (v: number) => Math.max(0, Math.min(1, v));

/** Words that change the colour after them ("muted sage", "dark green"). */
const modifiers: Record<string, Modifier> = {
  muted: (c) => ({ ...c, s: c.s * 0.45, l: clamp(c.l * 0.9 + 0.08) }),
  dusty: (c) => ({ ...c, s: c.s * 0.45, l: clamp(c.l * 0.9 + 0.08) }),
  faded: (c) => ({ ...c, s: c.s * 0.4, l: clamp(c.l + (1 - c.l) * 0.35) }),
  pale: (c) => ({ ...c, s: c.s * 0.7, l: clamp(c.l + (1 - c.l) * 0.55) }),
  light: (c) => ({ ...c, l: clamp(c.l + (1 - c.l) * 0.4) }),
  pastel: (c) => ({ ...c, s: Math.min(c.s, 0.6), l: clamp(Math.max(c.l, 0.8)) }),
  soft: (c) => ({ ...c, s: c.s * 0.75, l: clamp(c.l + (1 - c.l) * 0.25) }),
  dark: (c) => ({ ...c, l: c.l * 0.55 }),
  deep: (c) => ({ ...c, s: clamp(c.s * 1.1), l: c.l * 0.6 }),
  rich: (c) => ({ ...c, s: clamp(c.s * 1.15), l: c.l * 0.8 }),
  bright: (c) => ({ ...c, s: clamp(c.s * 1.25), l: clamp(c.l * 1.1) }),
  vivid: (c) => ({ ...c, s: clamp(c.s * 1.35) }),
  saturated: (c) => ({ ...c, s: clamp(c.s * 1.35) }),
  neon: (c) => ({ ...c, s: 1, l: clamp(Math.max(c.l, 0.55)) }),
  warm: (c) => ({ ...c, h: (c.h + (c.h > 60 && c.h < 240 ? -12 : 8) + 360) % 360 }),
  cool: (c) => ({ ...c, h: (c.h + (c.h > 60 && c.h < 240 ? 12 : -8) + 360) % 360 }),
};

export interface NamedColour {
  /** The words it was read from ("muted sage"). */
  words: string;
  hex: string;
}

export interface ColourReading {
  colours: NamedColour[];
  /** Indexes (into the words given) of the words that named or modified a colour. */
  used: Set<number>;
}

/** The words of a text as the colour reader sees them: lower case, hyphens split ("dark-green"). */
export function colourWords(text: string): string[] {
  return text.toLowerCase().match(/[a-z]+/g) ?? [];
}

/**
 * The colours a list of words names, in order, each with its modifiers applied.
 * A colour word is taken as a colour only where `isColour` allows (the preview engine
 * keeps "an orange" as a fruit but "an orange cat" as a colour).
 */
export function readColours(words: string[], isColour: (index: number) => boolean = () => true): ColourReading {
  const colours: NamedColour[] = [];
  const used = new Set<number>();
  for (let i = 0; i < words.length; i++) {
    const pair = `${words[i]} ${words[i + 1] ?? ""}`;
    const compound = compoundNames[pair];
    const base = compound ?? colourNames[words[i]!];
    if (!base || !isColour(i)) continue;
    // "pastel pink": here "pastel" modifies the colour after it.
    const next = words[i + 1] ?? "";
    if (!compound && modifiers[words[i]!] && (colourNames[next] || compoundNames[`${next} ${words[i + 2] ?? ""}`]))
      continue;
    // Modifiers before it, nearest last ("pale dusty pink").
    let start = i;
    while (start > 0 && modifiers[words[start - 1]!] && !used.has(start - 1)) start--;
    let hsl = toHsl(base);
    for (let m = i - 1; m >= start; m--) hsl = modifiers[words[m]!]!(hsl);
    const end = compound ? i + 1 : i;
    for (let k = start; k <= end; k++) used.add(k);
    colours.push({ words: words.slice(start, end + 1).join(" "), hex: toHex(hsl) });
    i = end;
  }
  return { colours, used };
}

/** The distinct colours a text names, in order. */
export function coloursIn(text: string): string[] {
  return [...new Set(readColours(colourWords(text)).colours.map((c) => c.hex))];
}

/** True for a word the colour reader knows as a colour or a colour's modifier. */
export function isColourWord(word: string): boolean {
  return word in colourNames || word in modifiers;
}

/** A colour made lighter (amount > 0) or darker (amount < 0), keeping its hue. */
export function shade(hex: string, amount: number): string {
  const n = parseInt(hex.slice(1), 16);
  const channel = (shift: number) => {
    const value = (n >> shift) & 0xff;
    const next = amount < 0 ? value * (1 + amount) : value + (255 - value) * amount;
    return Math.max(0, Math.min(255, Math.round(next)));
  };
  return `#${[16, 8, 0].map((s) => channel(s).toString(16).padStart(2, "0")).join("")}`;
}

export function toHsl(hex: string): Hsl {
  const n = parseInt(hex.slice(1), 16);
  const [r, g, b] = [((n >> 16) & 0xff) / 255, ((n >> 8) & 0xff) / 255, (n & 0xff) / 255];
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  const l = (max + min) / 2;
  if (max === min) return { h: 0, s: 0, l };
  const d = max - min;
  const s = l > 0.5 ? d / (2 - max - min) : d / (max + min);
  const h =
    max === r ? ((g - b) / d + (g < b ? 6 : 0)) * 60 : max === g ? ((b - r) / d + 2) * 60 : ((r - g) / d + 4) * 60;
  return { h, s, l };
}

export function toHex({ h, s, l }: Hsl): string {
  const a = s * Math.min(l, 1 - l);
  const f = (n: number) => {
    const k = (n + h / 30) % 12;
    return Math.round(255 * (l - a * Math.max(-1, Math.min(k - 3, 9 - k, 1))));
  };
  return `#${[f(0), f(8), f(4)].map((v) => v.toString(16).padStart(2, "0")).join("")}`;
}
