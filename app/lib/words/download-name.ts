/** A file name from free text: ("png", "Warm flat icons", "a cosy house") → "warm-flat-icons-a-cosy-house.png". */
export function downloadName(extension: string, ...parts: string[]): string {
  const slug = parts
    .join(" ")
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 80);
  return `${slug || "image"}.${extension}`;
}
