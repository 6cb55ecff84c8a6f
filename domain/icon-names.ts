/**
 * The names an icon set's files and components take: safe on every file system and in every
 * framework, unique within the set, from the objects' own names.
 */

/** The longest icon name kept: long enough for "left-arrow-in-circle-with-dot", short for paths. */
const MAX_NAME = 48;

/** An object's name as a kebab-case file name: ASCII letters, digits and single hyphens, never empty. */
export function kebabName(name: string): string {
  const kebab = name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/([a-z0-9])([A-Z])/g, "$1-$2")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, MAX_NAME)
    .replace(/-+$/, "");
  return kebab || "icon";
}

/** Names for a set, in order: each object's kebab name, the second of two alike "-2", and so on. */
export function uniqueIconNames(names: readonly string[]): string[] {
  const used = new Set<string>();
  return names.map((name) => {
    const base = kebabName(name);
    let candidate = base;
    for (let n = 2; used.has(candidate); n++) candidate = `${base}-${n}`;
    used.add(candidate);
    return candidate;
  });
}

/**
 * A kebab name as a component's name: PascalCase with "Icon" after it ("shopping-cart" →
 * "ShoppingCartIcon"), so it can never be a reserved word, a global or start with a digit.
 */
export function componentName(kebab: string): string {
  const pascal = kebab
    .split("-")
    .filter(Boolean)
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .join("");
  return `${/^[0-9]/.test(pascal) ? "I" : ""}${pascal}Icon`;
}
