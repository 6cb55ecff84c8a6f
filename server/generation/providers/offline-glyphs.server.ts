/**
 * Simple, recognisable drawings of common subjects for the preview engine, on a
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

/** Paint for one shape: filled in flat mode; in line mode an even stroke and no fill at all. */
export type Paint = (colour: string, options?: { accent?: boolean }) => string;

export function painter(mode: RenderMode, outline: string): Paint {
  if (mode === "flat") return (colour) => `fill="${colour}"`;
  return () => `fill="none" stroke="${outline}" stroke-width="7" stroke-linecap="round" stroke-linejoin="round"`;
}

export type Glyph = (c: GlyphColours, paint: Paint) => string;

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

const dog: Glyph = (c, p) =>
  [
    `<circle cx="128" cy="124" r="62" ${p(c.main)}/>`,
    `<ellipse cx="74" cy="118" rx="22" ry="48" transform="rotate(18 74 118)" ${p(c.dark)}/>`,
    `<ellipse cx="182" cy="118" rx="22" ry="48" transform="rotate(-18 182 118)" ${p(c.dark)}/>`,
    `<ellipse cx="128" cy="156" rx="32" ry="24" ${p(c.light)}/>`,
    `<ellipse cx="128" cy="142" rx="11" ry="8" fill="${c.dark}"/>`,
    `<circle cx="106" cy="110" r="7" fill="${c.dark}"/><circle cx="150" cy="110" r="7" fill="${c.dark}"/>`,
    `<path d="M120 168q8 18 16 0Z" ${p(c.accent, { accent: true })}/>`,
  ].join("");

const bird: Glyph = (c, p) =>
  [
    `<path d="M64 132 22 108 34 154Z" ${p(c.dark)}/>`,
    `<ellipse cx="118" cy="144" rx="66" ry="50" ${p(c.main)}/>`,
    `<circle cx="170" cy="100" r="34" ${p(c.main)}/>`,
    `<path d="M200 92 234 104 200 116Z" ${p(c.accent, { accent: true })}/>`,
    `<path d="M76 136q44-34 84 6q-42 32-84-6Z" ${p(c.dark)}/>`,
    `<circle cx="178" cy="94" r="6" fill="${c.dark}"/>`,
    `<path d="M106 192v26M136 192v26" fill="none" stroke="${c.line}" stroke-width="7" stroke-linecap="round"/>`,
  ].join("");

const fish: Glyph = (c, p) =>
  [
    `<path d="M180 128 232 86 226 128 232 170Z" ${p(c.accent, { accent: true })}/>`,
    `<path d="M104 88q24-36 52 2Z" ${p(c.dark)}/>`,
    `<ellipse cx="116" cy="128" rx="78" ry="46" ${p(c.main)}/>`,
    `<path d="M86 98q18 30 0 60" fill="none" stroke="${c.dark}" stroke-width="6" stroke-linecap="round"/>`,
    `<circle cx="66" cy="116" r="8" fill="${c.dark}"/>`,
  ].join("");

const flower: Glyph = (c, p) =>
  [
    `<rect x="122" y="140" width="12" height="88" rx="6" ${p(c.dark)}/>`,
    `<ellipse cx="158" cy="196" rx="26" ry="11" transform="rotate(-30 158 196)" ${p(c.dark)}/>`,
    ...[0, 60, 120, 180, 240, 300].map(
      (a) =>
        `<circle cx="${(128 + 42 * Math.cos((a * Math.PI) / 180)).toFixed(1)}" cy="${(100 + 42 * Math.sin((a * Math.PI) / 180)).toFixed(1)}" r="30" ${p(c.main)}/>`,
    ),
    `<circle cx="128" cy="100" r="26" ${p(c.accent, { accent: true })}/>`,
  ].join("");

const sun: Glyph = (c, p) =>
  [
    ...[0, 45, 90, 135, 180, 225, 270, 315].map(
      (a) =>
        `<rect x="119" y="18" width="18" height="40" rx="9" transform="rotate(${a} 128 128)" ${p(c.accent, { accent: true })}/>`,
    ),
    `<circle cx="128" cy="128" r="58" ${p(c.main)}/>`,
  ].join("");

const moon: Glyph = (c, p) =>
  [
    `<path d="M146 36a94 94 0 1 0 74 150a74 74 0 1 1-74-150Z" ${p(c.main)}/>`,
    `<path d="M196 48l6 14 14 6-14 6-6 14-6-14-14-6 14-6Z" ${p(c.accent, { accent: true })}/>`,
  ].join("");

const cloud: Glyph = (c, p) =>
  `<path d="M76 188A40 40 0 0 1 78 108A58 58 0 0 1 188 100A44 44 0 0 1 190 188Z" ${p(c.main)}/>`;

const key: Glyph = (c, p) =>
  [
    `<circle cx="80" cy="128" r="38" fill="none" stroke="${c.line}" stroke-width="20"/>`,
    `<path d="M116 118H226V138H116Z" ${p(c.main)}/>`,
    `<path d="M196 138H214V168H196ZM168 138H184V160H168Z" ${p(c.main)}/>`,
  ].join("");

const coin: Glyph = (c, p) =>
  [
    `<circle cx="128" cy="128" r="86" ${p(c.dark)}/>`,
    `<circle cx="128" cy="128" r="70" ${p(c.main)}/>`,
    `<path d="M128 82 140 114 174 116 148 138 156 172 128 154 100 172 108 138 82 116 116 114Z" ${p(c.light)}/>`,
  ].join("");

const gem: Glyph = (c, p) =>
  [
    `<path d="M70 98 104 54H152L186 98 128 214Z" ${p(c.main)}/>`,
    `<path d="M104 54H152L186 98H70Z" ${p(c.light)}/>`,
    `<path d="M70 98 128 214 186 98M104 54 128 98 152 54M128 98V214" fill="none" stroke="${c.dark}" stroke-width="5" stroke-linejoin="round"/>`,
  ].join("");

const shield: Glyph = (c, p) =>
  [
    `<path d="M128 34 206 62V128C206 176 170 206 128 226 86 206 50 176 50 128V62Z" ${p(c.main)}/>`,
    `<path d="M128 34 206 62V128C206 176 170 206 128 226Z" ${p(c.dark)}/>`,
    `<circle cx="128" cy="124" r="22" ${p(c.accent, { accent: true })}/>`,
  ].join("");

const apple: Glyph = (c, p) =>
  [
    `<rect x="122" y="40" width="12" height="46" rx="5" ${p(c.dark)}/>`,
    `<ellipse cx="160" cy="56" rx="26" ry="12" transform="rotate(-25 160 56)" ${p(c.accent, { accent: true })}/>`,
    `<path d="M128 86C96 62 44 78 48 138 52 198 96 228 128 208 160 228 204 198 208 138 212 78 160 62 128 86Z" ${p(c.main)}/>`,
    `<ellipse cx="92" cy="126" rx="12" ry="22" fill="#fff" fill-opacity="0.35"/>`,
  ].join("");

const leaf: Glyph = (c, p) =>
  [
    `<path d="M56 204C56 112 118 50 212 46 208 138 150 200 56 204Z" ${p(c.main)}/>`,
    `<path d="M40 222 70 190M68 192 176 84" fill="none" stroke="${c.dark}" stroke-width="7" stroke-linecap="round"/>`,
  ].join("");

const book: Glyph = (c, p) =>
  [
    `<rect x="70" y="186" width="128" height="22" rx="4" ${p(c.light)}/>`,
    `<rect x="60" y="44" width="138" height="150" rx="10" ${p(c.main)}/>`,
    `<rect x="60" y="44" width="24" height="164" rx="8" ${p(c.dark)}/>`,
    `<rect x="106" y="80" width="70" height="16" rx="5" ${p(c.light)}/>`,
  ].join("");

const crown: Glyph = (c, p) =>
  [
    `<path d="M50 178 58 78 100 128 128 60 156 128 198 78 206 178Z" ${p(c.main)}/>`,
    `<rect x="46" y="170" width="164" height="30" rx="7" ${p(c.dark)}/>`,
    `<circle cx="88" cy="185" r="8" ${p(c.accent, { accent: true })}/><circle cx="128" cy="185" r="10" ${p(c.accent, { accent: true })}/><circle cx="168" cy="185" r="8" ${p(c.accent, { accent: true })}/>`,
  ].join("");

const bomb: Glyph = (c, p) =>
  [
    `<path d="M162 82q20-34 48-30" fill="none" stroke="${c.line}" stroke-width="8" stroke-linecap="round"/>`,
    `<path d="M214 36l6 12 12 4-12 4-6 12-6-12-12-4 12-4Z" ${p(c.accent, { accent: true })}/>`,
    `<rect x="138" y="70" width="36" height="30" rx="6" transform="rotate(40 156 85)" ${p(c.dark)}/>`,
    `<circle cx="116" cy="150" r="70" ${p(c.main)}/>`,
    `<circle cx="90" cy="124" r="14" fill="#fff" fill-opacity="0.35"/>`,
  ].join("");

const rocket: Glyph = (c, p) =>
  [
    `<path d="M106 188 128 234 150 188Z" ${p(c.accent, { accent: true })}/>`,
    `<path d="M94 146 58 200 98 190ZM162 146 198 200 158 190Z" ${p(c.dark)}/>`,
    `<path d="M128 24C170 58 178 122 164 192H92C78 122 86 58 128 24Z" ${p(c.main)}/>`,
    `<circle cx="128" cy="104" r="20" ${p(c.light)}/>`,
  ].join("");

const lightning: Glyph = (c, p) => `<path d="M150 24 70 142H124L104 232 190 106H136Z" ${p(c.main)}/>`;

const ghost: Glyph = (c, p) =>
  [
    `<path d="M66 222V114A62 62 0 0 1 190 114V222L169 202 148 222 128 202 108 222 87 202Z" ${p(c.light)}/>`,
    `<ellipse cx="106" cy="116" rx="10" ry="15" fill="${c.dark}"/><ellipse cx="150" cy="116" rx="10" ry="15" fill="${c.dark}"/>`,
  ].join("");

const car: Glyph = (c, p) =>
  [
    `<path d="M72 128 96 84H166L194 128Z" ${p(c.main)}/>`,
    `<path d="M102 122 114 94H156L172 122Z" ${p(c.light)}/>`,
    `<rect x="32" y="122" width="192" height="56" rx="16" ${p(c.main)}/>`,
    `<circle cx="84" cy="180" r="24" ${p(c.dark)}/><circle cx="176" cy="180" r="24" ${p(c.dark)}/>`,
    `<circle cx="84" cy="180" r="8" ${p(c.light)}/><circle cx="176" cy="180" r="8" ${p(c.light)}/>`,
  ].join("");

/**
 * The subjects the preview engine can draw, each with the words that name it. Plurals
 * are read by `singular` (so "potions" and "leaves" need no entry of their own).
 */
export const subjectGlyphs = {
  house: { glyph: house, words: ["house", "home", "cottage", "cabin", "hut", "shack", "bungalow"] },
  tree: { glyph: tree, words: ["tree", "oak", "pine", "fir", "maple", "birch", "sapling"] },
  cup: { glyph: cup, words: ["cup", "mug", "coffee", "tea", "teacup", "latte", "espresso", "cappuccino"] },
  cat: { glyph: cat, words: ["cat", "kitten", "kitty", "tabby"] },
  dog: { glyph: dog, words: ["dog", "puppy", "pup", "doggy", "hound"] },
  bird: { glyph: bird, words: ["bird", "sparrow", "robin", "finch", "songbird", "bluebird"] },
  fish: { glyph: fish, words: ["fish", "goldfish", "koi", "carp", "trout"] },
  chest: { glyph: chest, words: ["chest", "treasure", "coffer", "trunk"] },
  potion: { glyph: potion, words: ["potion", "flask", "elixir", "vial", "tonic"] },
  sword: { glyph: sword, words: ["sword", "blade", "sabre", "saber", "katana", "dagger", "rapier"] },
  mushroom: { glyph: mushroom, words: ["mushroom", "toadstool", "fungus", "shroom"] },
  star: { glyph: star, words: ["star"] },
  heart: { glyph: heart, words: ["heart"] },
  flower: { glyph: flower, words: ["flower", "blossom", "bloom", "daisy", "rose", "tulip", "poppy", "sunflower"] },
  sun: { glyph: sun, words: ["sun", "sunshine"] },
  moon: { glyph: moon, words: ["moon", "crescent"] },
  cloud: { glyph: cloud, words: ["cloud"] },
  key: { glyph: key, words: ["key"] },
  coin: { glyph: coin, words: ["coin", "doubloon", "penny"] },
  gem: { glyph: gem, words: ["gem", "gemstone", "jewel", "diamond", "crystal", "ruby", "sapphire", "emerald"] },
  shield: { glyph: shield, words: ["shield", "buckler"] },
  apple: { glyph: apple, words: ["apple"] },
  leaf: { glyph: leaf, words: ["leaf"] },
  book: { glyph: book, words: ["book", "tome", "spellbook", "notebook", "journal", "diary"] },
  crown: { glyph: crown, words: ["crown", "tiara"] },
  bomb: { glyph: bomb, words: ["bomb"] },
  rocket: { glyph: rocket, words: ["rocket", "rocketship"] },
  lightning: { glyph: lightning, words: ["lightning", "bolt", "thunderbolt"] },
  ghost: { glyph: ghost, words: ["ghost", "spirit", "phantom", "spook"] },
  car: { glyph: car, words: ["car", "automobile", "taxi"] },
} satisfies Record<string, { glyph: Glyph; words: string[] }>;

export type SubjectName = keyof typeof subjectGlyphs;

const subjectByWord = new Map<string, SubjectName>(
  Object.entries(subjectGlyphs).flatMap(([name, entry]) => entry.words.map((w) => [w, name as SubjectName])),
);

/** A plural read as its singular ("potions" → "potion", "leaves" → "leaf", "boxes" → "box"). */
export function singular(word: string): string {
  if (word.length <= 3 || word.endsWith("ss")) return word;
  if (word.endsWith("ies")) return `${word.slice(0, -3)}y`;
  if (word.endsWith("ves")) return `${word.slice(0, -3)}f`;
  if (/(ch|sh|x|s)es$/.test(word)) return word.slice(0, -2);
  if (word.endsWith("s")) return word.slice(0, -1);
  return word;
}

/** The subject a word names, if the engine can draw it (plurals included). */
export function subjectOfWord(word: string): SubjectName | null {
  const w = word.toLowerCase();
  return (
    subjectByWord.get(w) ??
    subjectByWord.get(singular(w)) ??
    (w.endsWith("ves") ? subjectByWord.get(`${w.slice(0, -3)}fe`) : undefined) ??
    null
  );
}
