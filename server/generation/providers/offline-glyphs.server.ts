/**
 * Simple, recognisable drawings of common subjects for the offline engine, on a
 * 256 × 256 grid centred at (128, 128). Each takes the style's colours and a
 * render mode, so a flat, line-art or pixel style looks like one.
 */
export type RenderMode = "flat" | "line";

export interface GlyphColours {
  main: string;
  accent: string;
  dark: string;
  light: string;
  /** Open strokes (a handle, a tail): the main colour, or the outline in line mode. */
  line: string;
}

/**
 * Paint for one shape: filled in flat mode; in line mode an even outline over white
 * (so overlapping shapes hide each other's lines), accents still filled.
 */
export type Paint = (colour: string, options?: { accent?: boolean }) => string;

export function painter(mode: RenderMode, outline: string): Paint {
  if (mode === "flat") return (colour) => `fill="${colour}"`;
  return (colour, options) =>
    options?.accent
      ? `fill="${colour}" stroke="${outline}" stroke-width="6" stroke-linejoin="round"`
      : `fill="#ffffff" stroke="${outline}" stroke-width="7" stroke-linecap="round" stroke-linejoin="round"`;
}

type Glyph = (c: GlyphColours, paint: Paint) => string;

const house: Glyph = (c, p) =>
  [
    `<rect x="164" y="62" width="20" height="44" ${p(c.dark)}/>`,
    `<rect x="64" y="112" width="128" height="96" rx="6" ${p(c.main)}/>`,
    `<path d="M40 122 128 48 216 122Z" ${p(c.accent, { accent: true })}/>`,
    `<rect x="112" y="150" width="32" height="58" rx="6" ${p(c.dark)}/>`,
    `<rect x="78" y="132" width="24" height="24" rx="4" ${p(c.light)}/>`,
    `<rect x="154" y="132" width="24" height="24" rx="4" ${p(c.light)}/>`,
  ].join("");

const tree: Glyph = (c, p) =>
  [
    `<rect x="116" y="146" width="24" height="68" rx="8" ${p(c.dark)}/>`,
    `<circle cx="88" cy="128" r="40" ${p(c.main)}/>`,
    `<circle cx="168" cy="128" r="40" ${p(c.main)}/>`,
    `<circle cx="128" cy="96" r="56" ${p(c.main)}/>`,
    `<circle cx="150" cy="122" r="10" ${p(c.accent, { accent: true })}/>`,
    `<circle cx="100" cy="108" r="9" ${p(c.accent, { accent: true })}/>`,
    `<circle cx="132" cy="76" r="8" ${p(c.accent, { accent: true })}/>`,
  ].join("");

const cup: Glyph = (c, p) =>
  [
    `<path d="M104 52q-12 14 0 28t0 28M128 44q-12 14 0 28t0 28M152 52q-12 14 0 28t0 28" fill="none" stroke="${c.light}" stroke-width="8" stroke-linecap="round"/>`,
    `<ellipse cx="128" cy="212" rx="84" ry="12" ${p(c.accent, { accent: true })}/>`,
    `<circle cx="190" cy="152" r="22" fill="none" stroke="${c.line}" stroke-width="12"/>`,
    `<path d="M70 116H186V164a44 44 0 0 1-44 44H114a44 44 0 0 1-44-44Z" ${p(c.main)}/>`,
    `<ellipse cx="128" cy="118" rx="54" ry="9" ${p(c.dark)}/>`,
  ].join("");

const cat: Glyph = (c, p) =>
  [
    `<path d="M176 196q44-6 30-62" fill="none" stroke="${c.line}" stroke-width="14" stroke-linecap="round"/>`,
    `<ellipse cx="128" cy="172" rx="52" ry="42" ${p(c.main)}/>`,
    `<path d="M94 92 98 46 124 72ZM162 92 158 46 132 72Z" ${p(c.main)}/>`,
    `<circle cx="128" cy="104" r="40" ${p(c.main)}/>`,
    `<path d="M102 66 104 56 112 66ZM154 66 152 56 144 66Z" ${p(c.light)}/>`,
    `<circle cx="113" cy="100" r="6" fill="${c.dark}"/><circle cx="143" cy="100" r="6" fill="${c.dark}"/>`,
    `<path d="M122 114h12l-6 7Z" ${p(c.accent, { accent: true })}/>`,
  ].join("");

const chest: Glyph = (c, p) =>
  [
    `<path d="M52 126H204V190a10 10 0 0 1-10 10H62a10 10 0 0 1-10-10Z" ${p(c.main)}/>`,
    `<path d="M52 118V96A76 40 0 0 1 204 96V118Z" ${p(c.main)}/>`,
    `<rect x="74" y="64" width="20" height="136" ${p(c.accent, { accent: true })}/>`,
    `<rect x="162" y="64" width="20" height="136" ${p(c.accent, { accent: true })}/>`,
    `<rect x="46" y="114" width="164" height="16" rx="6" ${p(c.dark)}/>`,
    `<rect x="108" y="102" width="40" height="46" rx="10" ${p(c.light)}/>`,
  ].join("");

const potion: Glyph = (c, p) =>
  [
    `<rect x="112" y="74" width="32" height="48" rx="6" ${p(c.light)}/>`,
    `<rect x="106" y="58" width="44" height="20" rx="6" ${p(c.dark)}/>`,
    `<circle cx="128" cy="160" r="56" ${p(c.light)}/>`,
    `<path d="M74 168a54 54 0 0 0 108 0Z" ${p(c.main, { accent: true })}/>`,
    `<circle cx="106" cy="140" r="9" fill="#fff" fill-opacity="0.6"/>`,
  ].join("");

const sword: Glyph = (c, p) =>
  `<g transform="rotate(45 128 128)">${[
    `<path d="M116 40 128 22 140 40V156H116Z" ${p(c.light)}/>`,
    `<rect x="84" y="154" width="88" height="16" rx="8" ${p(c.accent, { accent: true })}/>`,
    `<rect x="118" y="170" width="20" height="44" rx="6" ${p(c.dark)}/>`,
    `<circle cx="128" cy="222" r="12" ${p(c.accent, { accent: true })}/>`,
  ].join("")}</g>`;

const mushroom: Glyph = (c, p) =>
  [
    `<path d="M104 132H152L160 206a10 10 0 0 1-10 10H106a10 10 0 0 1-10-10Z" ${p(c.light)}/>`,
    `<path d="M40 140a88 88 0 0 1 176 0Z" ${p(c.main)}/>`,
    `<circle cx="96" cy="104" r="12" ${p(c.light, { accent: true })}/>`,
    `<circle cx="150" cy="88" r="15" ${p(c.light, { accent: true })}/>`,
    `<circle cx="178" cy="124" r="9" ${p(c.light, { accent: true })}/>`,
  ].join("");

const star: Glyph = (c, p) =>
  `<path d="M128 32 154 96 222 100 170 144 186 212 128 176 70 212 86 144 34 100 102 96Z" ${p(c.main)}/>`;

const heart: Glyph = (c, p) =>
  `<path d="M128 212C60 164 36 128 36 96a46 46 0 0 1 92-8 46 46 0 0 1 92 8c0 32-24 68-92 116Z" ${p(c.main)}/>`;

/** Which drawing a subject gets, by the words in it. */
const glyphs: [RegExp, Glyph][] = [
  [/\b(house|home|cottage|cabin|hut)\b/, house],
  [/\b(tree|oak|pine|forest)\b/, tree],
  [/\b(cup|coffee|mug|tea|latte)\b/, cup],
  [/\b(cat|kitten|kitty)\b/, cat],
  [/\b(chest|treasure|box|crate)\b/, chest],
  [/\b(potion|flask|bottle|elixir)\b/, potion],
  [/\b(sword|blade|dagger|knife)\b/, sword],
  [/\b(mushroom|toadstool|fungus)\b/, mushroom],
  [/\b(star)\b/, star],
  [/\b(heart|love)\b/, heart],
];

/** The drawing for a subject, or null when none matches (the engine then draws an abstract shape). */
export function glyphFor(subject: string): Glyph | null {
  const text = subject.toLowerCase();
  return glyphs.find(([pattern]) => pattern.test(text))?.[1] ?? null;
}
