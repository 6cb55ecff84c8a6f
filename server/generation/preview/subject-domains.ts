/**
 * The fields a subject can belong to, and the words that point to each. The preview engine reads
 * the whole request with them — the style's words, the set's other subjects, the object's own
 * words — to choose what an ambiguous word means ("bow" among swords is a weapon, among dresses
 * a ribbon) and which of a word's icons are about it ("currency-bitcoin", not "camera-bitcoin").
 */
export type Domain =
  | "weapons"
  | "fantasy"
  | "finance"
  | "kitchen"
  | "animals"
  | "nature"
  | "office"
  | "computing"
  | "clothing"
  | "celebration"
  | "nautical"
  | "music"
  | "sport"
  | "tools"
  | "medical"
  | "transport"
  | "buildings"
  | "photo"
  | "weather"
  | "space";

/** Words that point to each field. A word may point to several ("knife": weapons and kitchen). */
const cueWords: Record<Domain, string> = {
  weapons:
    "weapon weapons sword swords blade blades dagger daggers axe axes bow bows arrow arrows archer archery quiver " +
    "spear spears lance mace shield shields armor armour helmet helm gauntlet knight knights warrior warriors soldier " +
    "combat battle war crossbow sling trident halberd katana scimitar rapier gun guns pistol rifle bomb cannon " +
    "flail hammer knife club whip bullet ammo",
  fantasy:
    "rpg fantasy dungeon dungeons medieval inventory loot quest quests game games potion potions scroll scrolls " +
    "wand staff spell spells magic magical wizard mage witch dragon dragons monster monsters goblin orc skeleton " +
    "treasure chest gem gems ring amulet rune runes castle hero heroes character characters elixir crown skull " +
    "boss enemy health mana relic artifact artefact",
  finance:
    "bank banks banking money coin coins cash dollar dollars euro euros pound pounds yen bitcoin crypto " +
    "cryptocurrency currency currencies wallet card credit debit payment payments pay savings saving budget safe " +
    "vault invoice invoices receipt receipts bill bills tax taxes loan loans interest stock stocks finance " +
    "financial fintech economy investment investments invest piggy purse price prices cashier atm exchange " +
    "accounting calculator profit revenue transfer deposit banknote banknotes cheque check checkout shop shopping " +
    "cart sale sales discount chart graph",
  kitchen:
    "kitchen cook cooking cookware chef recipe recipes food foods meal meals pan pans pot pots skillet spoon spoons " +
    "fork forks knife knives whisk spatula ladle bowl bowls plate plates cup cups mug mugs kettle oven stove " +
    "toaster blender grater bake baking baker bread egg eggs fruit fruits vegetable vegetables drink drinks " +
    "coffee tea apple lemon cheese pizza cake jar jars bottle glass dish dishes fridge microwave",
  animals:
    "animal animals pet pets zoo farm wildlife creature creatures cat cats dog dogs bird birds fox bear rabbit " +
    "horse cow pig sheep goat duck chicken owl fish whale deer wolf lion tiger elephant monkey frog snake turtle " +
    "squirrel hamster insect insects bee butterfly spider rat mammal mammals paw hedgehog penguin giraffe zebra " +
    "panda koala parrot eagle dolphin shark octopus crab mole otter badger beaver seal",
  nature:
    "nature tree trees leaf leaves flower flowers plant plants forest woods garden mountain mountains river lake " +
    "ocean sun moon rain cloud clouds weather snow wind storm rock rocks stone grass seed seeds mushroom cactus " +
    "season seasons outdoor outdoors landscape camping bush rose tulip palm pine oak wood log",
  office:
    "office desk chair stapler paperclip pen pens pencil pencils paper document documents file files folder " +
    "folders mail email calendar clipboard notebook notebooks binder business meeting presentation marker eraser " +
    "ruler scissors tape stamp envelope letter inbox briefcase workplace work",
  computing:
    "computer computers laptop laptops desktop keyboard keyboards monitor monitors screen printer scanner phone " +
    "phones tech technology device devices hardware software app apps web usb cable router server servers " +
    "database cloud wifi network code coding developer chip cpu battery headset webcam tablet mouse topology",
  clothing:
    "dress dresses clothes clothing fashion shirt shirts skirt hat hats cap shoe shoes boot boots sock socks tie " +
    "scarf glove gloves jacket coat ribbon ribbons lace button buttons sewing needle thread jewellery jewelry " +
    "necklace earring earrings bag handbag wardrobe outfit outfits accessory accessories hair tailor sweater " +
    "trousers pants bowtie makeup lipstick perfume",
  celebration:
    "gift gifts present presents party parties celebration birthday wedding christmas holiday holidays balloon " +
    "balloons confetti festive decoration decorations",
  nautical:
    "ship ships boat boats sea sailing sail sails sailor sailors anchor harbour harbor port pirate pirates navy " +
    "nautical maritime deck hull mast captain marine lighthouse compass rope",
  music:
    "music musical instrument instruments guitar piano violin drum drums note notes song songs sound speaker " +
    "headphones orchestra band concert trumpet flute microphone violin clef",
  sport:
    "sport sports ball balls football soccer basketball tennis golf baseball cricket hockey racket gym fitness " +
    "stadium trophy medal athlete running olympic chess pawn rook",
  tools:
    "tool tools hammer saw wrench screwdriver drill nail nails screw screws bolt bolts workshop construction " +
    "toolbox pliers repair diy hardware",
  medical:
    "medical medicine hospital doctor nurse pill pills syringe bandage health healthcare clinic first aid " +
    "pharmacy dentist stethoscope thermometer eye",
  transport: "car cars bus truck train trains plane airplane bicycle bike travel traffic road vehicle vehicles taxi",
  buildings: "building buildings house houses city town architecture street shop store school church tower",
  photo: "camera cameras photo photos photography picture lens film video",
  weather: "weather lightning thunder rain storm sun cloud snow wind",
  space: "space rocket planet planets star stars galaxy astronaut alien moon",
};

const domainsOfWord = new Map<string, Domain[]>();
for (const [domain, words] of Object.entries(cueWords) as [Domain, string][]) {
  for (const word of words.split(" ")) domainsOfWord.set(word, [...(domainsOfWord.get(word) ?? []), domain]);
}

/** The fields a word points to; none for a word that says nothing of its field ("round", "old"). */
export const domainsOf = (word: string): readonly Domain[] => domainsOfWord.get(word.toLowerCase()) ?? [];

/** Whether a word points to any field: a name word that does is about a thing of its own. */
export const namesAField = (word: string) => domainsOfWord.has(word.toLowerCase());

/** How strongly a request points to each field, the strongest 1. */
export type DomainWeights = ReadonlyMap<Domain, number>;

/**
 * Weighs the words around a subject: each word's weight is shared among the fields it points to
 * (an ambiguous word says less), then the strongest field is brought to 1.
 */
export function weighDomains(words: { word: string; weight: number }[]): DomainWeights {
  const sums = new Map<Domain, number>();
  for (const { word, weight } of words) {
    const domains = domainsOf(word);
    for (const domain of domains) sums.set(domain, (sums.get(domain) ?? 0) + weight / domains.length);
  }
  const strongest = Math.max(0, ...sums.values());
  return new Map([...sums].map(([domain, sum]) => [domain, sum / strongest]));
}

/** How much a set of fields agrees with the request's: the strongest shared weight, 0 to 1. */
export function agreement(domains: Iterable<Domain>, weights: DomainWeights): number {
  let best = 0;
  for (const domain of domains) best = Math.max(best, weights.get(domain) ?? 0);
  return best;
}
