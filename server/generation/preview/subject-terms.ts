/** Plurals that no suffix rule undoes. */
const irregular: Record<string, string> = {
  mice: "mouse",
  geese: "goose",
  teeth: "tooth",
  feet: "foot",
  children: "child",
  men: "man",
  women: "woman",
  people: "person",
  oxen: "ox",
  cacti: "cactus",
  fungi: "fungus",
  octopi: "octopus",
  sheep: "sheep",
  fish: "fish",
  deer: "deer",
  moose: "moose",
};

/**
 * Everyday words for a subject that icon libraries name otherwise. Only words whose meaning is
 * the same thing; Emojibase's keywords cover many more (e.g. "bunny" is a rabbit's keyword).
 */
const synonyms: Record<string, string> = {
  bunny: "rabbit",
  leafy: "deciduous",
  kitty: "cat",
  kitten: "cat",
  puppy: "dog",
  pup: "dog",
  doggy: "dog",
  hound: "dog",
  pony: "horse",
  stallion: "horse",
  mare: "horse",
  hog: "pig",
  piggy: "pig",
  swine: "pig",
  birdie: "bird",
  car: "automobile",
  auto: "automobile",
  bike: "bicycle",
  cellphone: "mobile phone",
  smartphone: "mobile phone",
  phone: "telephone",
  tv: "television",
  sweets: "candy",
  sweet: "candy",
  lolly: "lollipop",
  cupcakes: "cupcake",
  fries: "french fries",
  chips: "french fries",
  burger: "hamburger",
  hotdog: "hot dog",
  spud: "potato",
  aubergine: "eggplant",
  courgette: "zucchini",
  flask: "potion",
  elixir: "potion",
  vial: "potion",
  blade: "sword",
  sabre: "sword",
  saber: "sword",
  katana: "sword",
  dagger: "dagger",
  treasure: "chest",
  coffer: "chest",
  gem: "gem",
  jewel: "gem",
  crystal: "crystal",
  coin: "coin",
  coins: "coin",
  bin: "trash",
  rubbish: "trash",
  garbage: "trash",
  cog: "gear",
  settings: "gear",
  magnifier: "search",
  envelope: "mail",
  email: "mail",
  padlock: "lock",
  home: "house",
  bolt: "lightning",
  thunderbolt: "lightning",
  ghoul: "ghost",
  spook: "ghost",
  dino: "dinosaur",
  spaceship: "rocket",
  plane: "airplane",
  aeroplane: "airplane",
  boat: "sailboat",
  mug: "coffee",
};

/**
 * The forms a written word may take in an icon's name, most likely first: itself, its
 * synonym, and what it is without a plural ending ("foxes" → fox, "berries" → berry,
 * "cookies" → cookie, "wolves" → wolf, "knives" → knife). The index keeps the first it knows.
 */
export function wordForms(word: string): string[] {
  const lower = word.toLowerCase();
  const forms = [lower];
  if (irregular[lower]) forms.push(irregular[lower]);
  if (lower.length > 3) {
    if (lower.endsWith("ies")) forms.push(`${lower.slice(0, -3)}y`, lower.slice(0, -1));
    if (lower.endsWith("ves")) forms.push(`${lower.slice(0, -3)}f`, `${lower.slice(0, -3)}fe`);
    if (/(s|x|z|ch|sh|o)es$/.test(lower)) forms.push(lower.slice(0, -2));
    if (lower.endsWith("s") && !lower.endsWith("ss")) forms.push(lower.slice(0, -1));
  }
  for (const form of [...forms]) if (synonyms[form]) forms.push(synonyms[form]);
  return [...new Set(forms)];
}
