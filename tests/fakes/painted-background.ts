// What the fakes of image models paint behind their subject: a warm paper colour, or, when the
// prompt asks for a solid flat key colour (transparency by matte), that colour a little off, as
// models paint it (each fake is off by its own amounts).

export function paintedBackground(prompt: string, off: [number, number, number]): string {
  const asked = /solid flat #([0-9A-F]{6})/i.exec(prompt)?.[1];
  if (!asked) return "#f4f1ea";
  const n = parseInt(asked, 16);
  const channel = (value: number, by: number) =>
    Math.min(255, Math.max(0, value + by))
      .toString(16)
      .padStart(2, "0");
  return `#${channel(n >> 16, off[0])}${channel((n >> 8) & 255, off[1])}${channel(n & 255, off[2])}`;
}
