// The cheat sheet: a page that stands alone (no network, the fonts from fonts/ beside it) showing
// every icon with its name, class and code point, ready to copy, in light and dark.
import { cssCodePoint } from "./font-css";

export interface CheatSheetInput {
  family: string;
  prefix: string;
  /** The font's stylesheet, inlined so the page needs only the fonts folder beside it. */
  css: string;
  codePoints: Record<string, number>;
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

const hex = (codePoint: number) => codePoint.toString(16).toUpperCase().padStart(4, "0");

export function cheatSheetHtml({ family, prefix, css, codePoints }: CheatSheetInput): string {
  const names = Object.keys(codePoints);
  const cells = names.map((name) => {
    const codePoint = codePoints[name]!;
    const className = `${prefix} ${prefix}-${name}`;
    return `<li class="cell" data-icon="${escapeHtml(name)}">
  <i class="${escapeHtml(className)}" aria-hidden="true"></i>
  <strong>${escapeHtml(name)}</strong>
  <code title="Class">${escapeHtml(className)}</code>
  <code title="Code point">U+${hex(codePoint)} · ${cssCodePoint(codePoint)}</code>
</li>`;
  });
  const title = `${escapeHtml(family)}: ${names.length} icons`;
  const example = escapeHtml(`<i class="${prefix} ${prefix}-${names[0] ?? "name"}" aria-hidden="true"></i>`);
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title>
<style>
${css}
:root { color-scheme: light dark; --ink: #16181d; --paper: #ffffff; --muted: #5b616e; --line: #d9dce3; }
@media (prefers-color-scheme: dark) {
  :root { --ink: #eceef2; --paper: #15171c; --muted: #a4aab6; --line: #343842; }
}
body { margin: 0; padding: 24px; font: 14px/1.5 system-ui, sans-serif; color: var(--ink); background: var(--paper); }
h1 { font-size: 20px; margin: 0 0 8px; }
p { color: var(--muted); max-width: 70ch; }
pre, code { font-family: ui-monospace, monospace; font-size: 12px; }
pre { padding: 8px 12px; border: 1px solid var(--line); border-radius: 6px; overflow-x: auto; }
input { font: inherit; padding: 6px 10px; margin: 8px 0 16px; width: min(320px, 100%); color: inherit;
  background: transparent; border: 1px solid var(--line); border-radius: 6px; }
ul { list-style: none; margin: 0; padding: 0; display: grid; gap: 12px; grid-template-columns: repeat(auto-fill, minmax(180px, 1fr)); }
.cell { display: grid; justify-items: start; gap: 4px; padding: 12px; border: 1px solid var(--line); border-radius: 8px; }
.cell .${prefix} { font-size: 48px; }
.cell strong { font-weight: 600; overflow-wrap: anywhere; }
.cell code { color: var(--muted); user-select: all; cursor: copy; overflow-wrap: anywhere; }
.cell[hidden] { display: none; }
</style>
</head>
<body>
<h1>${title}</h1>
<p>Link <code>${escapeHtml(family)}.css</code> (it loads the fonts from <code>fonts/</code>) and write
an icon as an element with two classes. It is one em square in the text's colour: set
<code>font-size</code> (or <code>--${escapeHtml(prefix)}-size</code>) and <code>color</code>.</p>
<pre>${example}</pre>
<p>A decorative icon is hidden from screen readers with <code>aria-hidden="true"</code>. One that
means something on its own, a button's only content say, needs a name: put
<code>aria-label</code> on the button, or a visually hidden text beside the icon.</p>
<label>Filter <input type="search" id="filter" placeholder="Name" autocomplete="off"></label>
<ul id="icons">
${cells.join("\n")}
</ul>
<script>
// Clicking a class or code point copies it; the filter hides icons whose name does not match.
document.getElementById("icons").addEventListener("click", (event) => {
  const code = event.target.closest("code");
  if (code && navigator.clipboard) navigator.clipboard.writeText(code.textContent.split(" · ")[0]);
});
document.getElementById("filter").addEventListener("input", (event) => {
  const query = event.target.value.trim().toLowerCase();
  for (const cell of document.querySelectorAll(".cell")) cell.hidden = !cell.dataset.icon.includes(query);
});
</script>
</body>
</html>
`;
}
