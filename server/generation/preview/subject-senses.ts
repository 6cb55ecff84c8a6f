import type { Domain } from "./subject-domains";

/**
 * Another meaning a word has in a field, and the words the libraries draw that meaning by. Tried
 * only when the request points to that field: "bow" among dresses is a ribbon, "mouse" beside a
 * keyboard a computer mouse, "chip" among cards a poker chip.
 */
export interface WordSense {
  domain: Domain;
  as: string;
}

const sense = (domain: Domain, as: string): WordSense => ({ domain, as });

export const wordSenses: Record<string, WordSense[]> = {
  bow: [sense("clothing", "ribbon"), sense("celebration", "ribbon"), sense("nautical", "ship bow")],
  mouse: [sense("computing", "computer mouse"), sense("office", "computer mouse")],
  bat: [sense("sport", "baseball bat"), sense("weapons", "spiked bat")],
  chip: [
    sense("computing", "cpu"),
    sense("kitchen", "french fries"),
    sense("fantasy", "poker chip"),
    sense("finance", "poker chip"),
  ],
  seal: [sense("office", "wax seal"), sense("fantasy", "wax seal")],
  bill: [sense("finance", "receipt"), sense("animals", "duck")],
  scale: [sense("kitchen", "kitchen scale"), sense("finance", "balance scale"), sense("medical", "weight scale")],
  trunk: [sense("animals", "elephant"), sense("nature", "log"), sense("fantasy", "chest")],
  tank: [sense("animals", "tropical fish"), sense("tools", "water tank")],
  crane: [sense("buildings", "construction crane"), sense("tools", "construction crane")],
  palm: [sense("nature", "palm tree")],
  plant: [sense("buildings", "factory")],
  date: [sense("office", "calendar"), sense("kitchen", "dates")],
  letter: [sense("office", "envelope"), sense("celebration", "envelope")],
  note: [sense("music", "musical note"), sense("office", "spiral notepad")],
  tablet: [sense("medical", "pill"), sense("computing", "device tablet")],
  ruler: [sense("fantasy", "crown")],
  python: [sense("animals", "snake"), sense("computing", "code")],
  pitcher: [sense("kitchen", "jug"), sense("sport", "baseball")],
  club: [sense("weapons", "spiked club"), sense("sport", "golf")],
  card: [sense("finance", "credit card"), sense("fantasy", "card"), sense("celebration", "greeting card")],
  chart: [sense("finance", "chart increasing")],
  pound: [sense("finance", "pound banknote")],
  tie: [sense("clothing", "necktie")],
  glass: [sense("kitchen", "glass of water")],
  spring: [sense("nature", "blossom"), sense("tools", "spring")],
  jack: [sense("fantasy", "joker"), sense("celebration", "joker")],
  deck: [sense("fantasy", "joker"), sense("celebration", "joker"), sense("nautical", "ship")],
  shell: [sense("nature", "spiral shell"), sense("animals", "spiral shell"), sense("weapons", "bullet")],
  key: [sense("computing", "keyboard"), sense("music", "piano")],
  pen: [sense("animals", "fence")],
  chest: [sense("fantasy", "treasure chest")],
  stamp: [sense("office", "rubber stamp")],
  cell: [sense("computing", "battery"), sense("medical", "microbe")],
  bolt: [sense("tools", "screw")],
  bar: [sense("finance", "gold bar"), sense("kitchen", "chocolate bar")],
  lock: [sense("finance", "padlock")],
  mint: [sense("nature", "herb"), sense("kitchen", "herb")],
  orange: [sense("kitchen", "tangerine"), sense("nature", "tangerine")],
  cap: [sense("clothing", "billed cap")],
  squash: [sense("sport", "tennis racket"), sense("kitchen", "pumpkin")],
  pupil: [sense("medical", "eye")],
  port: [sense("nautical", "anchor"), sense("computing", "usb"), sense("office", "usb")],
  organ: [sense("music", "musical keyboard")],
  bass: [sense("animals", "fish"), sense("music", "guitar")],
  bark: [sense("animals", "dog"), sense("nature", "wood")],
  band: [sense("medical", "adhesive bandage"), sense("music", "guitar")],
  shot: [sense("medical", "syringe"), sense("weapons", "bow and arrow")],
  record: [sense("music", "optical disk")],
  monitor: [sense("medical", "heart rate monitor"), sense("computing", "desktop computer")],
  case: [sense("office", "briefcase"), sense("fantasy", "locked chest")],
  net: [sense("sport", "goal net"), sense("nautical", "fishing pole")],
  goal: [sense("sport", "goal net")],
  pool: [sense("celebration", "pool 8 ball"), sense("sport", "person swimming")],
  mat: [sense("kitchen", "plate")],
};

/**
 * The words for a thing that no bundled library names by that word, with one it does: a safe is
 * drawn as a vault, savings as a piggy bank. Unlike `synonyms` (subject-terms), these are the
 * nearest drawing, not the same word.
 */
export const drawnAs: Record<string, string[]> = {
  safe: ["vault", "locked chest", "locked"],
  strongbox: ["vault", "locked chest"],
  budget: ["calculator", "abacus"],
  savings: ["piggy bank", "pig money", "money bag"],
  invoice: ["receipt"],
  loan: ["money bag", "hand coins", "moneybag"],
  salary: ["money bag"],
  payment: ["credit card"],
  investment: ["chart increasing"],
  stocks: ["chart increasing", "trending up"],
  revenue: ["chart increasing"],
  cashback: ["coin"],
  wallet: ["purse"],
  calculator: ["abacus"],
  cash: ["dollar banknote"],
  knight: ["knight helmet"],
  hero: ["knight helmet"],
  wizard: ["wizard hat"],
  mage: ["wizard hat"],
  archer: ["bow and arrow"],
  quiver: ["quiver arrows"],
  armour: ["breastplate"],
  armor: ["breastplate"],
  loot: ["treasure chest"],
  mana: ["potion"],
  inbox: ["inbox tray"],
  spreadsheet: ["table"],
  stapler: ["paperclip"],
  whisk: ["kitchen utensils"],
  ladle: ["spoon"],
  skillet: ["frying pan"],
  pan: ["frying pan"],
  pupil: ["eye"],
  squash: ["pumpkin"],
  bitcoin: ["coin"],
  crypto: ["coin"],
  tax: ["receipt"],
};

/**
 * Head words that name no thing ("hero knight character", "sword icon", "potion item"): the word
 * before them is the subject. Kept apart from filler words: they are understood, not drawn.
 */
export const genericHeads = new Set(
  "character characters icon icons item items sprite sprites object objects thing things asset assets illustration symbol emblem badge graphic art".split(
    " ",
  ),
);

/**
 * Icons whose name alone does not say what they are, where the word means several things: a
 * Tabler "mouse" is a computer mouse, Game Icons' the animal.
 */
export const iconDomains: Record<string, Domain[]> = {
  "tabler:mouse": ["computing"],
  "tabler:mouse-2": ["computing"],
  "game-icons:mouse": ["animals"],
  "fluent-emoji-flat:mouse": ["animals"],
  "tabler:bat": ["animals"],
  "game-icons:bat": ["animals"],
  "fluent-emoji-flat:bat": ["animals"],
  "tabler:crane": ["buildings", "tools"],
  "game-icons:crane": ["animals"],
  "fluent-emoji-flat:seal": ["animals"],
  "game-icons:tank": ["weapons"],
  "tabler:tank": ["weapons"],
  "game-icons:bank": ["finance", "buildings"],
  "fluent-emoji-flat:bank": ["finance", "buildings"],
  "tabler:building-bank": ["finance", "buildings"],
  "tabler:bow": ["weapons"],
  "tabler:scale": ["finance"],
  "tabler:key": ["buildings"],
  "game-icons:key": ["fantasy"],
  "game-icons:wax-seal": ["office"],
  "tabler:spring": ["tools"],
  "game-icons:spring": ["tools"],
};

/**
 * The plainest drawing of a common subject (a word or a phrase) in a library that names none
 * plainly: Game Icons has twenty swords ("bouncing-sword", "croc-sword") and no "sword"; a set
 * wants the broadsword.
 */
export const plainestIcons: Record<string, string> = {
  "game-icons:sword": "broadsword",
  "game-icons:blade": "broadsword",
  "game-icons:dagger": "plain-dagger",
  "game-icons:axe": "battle-axe",
  "game-icons:potion": "round-potion",
  "game-icons:staff": "wizard-staff",
  "game-icons:wand": "fairy-wand",
  "game-icons:armor": "breastplate",
  "game-icons:armour": "breastplate",
  "game-icons:arrow": "plain-arrow",
  "game-icons:coin": "two-coins",
  "game-icons:coins": "two-coins",
  "game-icons:scroll": "scroll-unfurled",
  "game-icons:book": "open-book",
  "game-icons:boot": "leather-boot",
  "game-icons:hammer": "claw-hammer",
  "game-icons:knight": "mounted-knight",
  "game-icons:apple": "shiny-apple",
  "game-icons:bow": "pocket-bow",
  "game-icons:backpack": "knapsack",
  "game-icons:gem": "cut-diamond",
  "game-icons:jewel": "cut-diamond",
  "game-icons:diamond": "cut-diamond",
  "tabler:potion": "flask-2",
  "tabler:elixir": "flask-2",
  // Phrases a library draws under another name, so a set keeps to one library.
  "tabler:piggy bank": "pig-money",
  "game-icons:treasure chest": "open-treasure-chest",
};
