// The font's stylesheet: the @font-face, a base class and one class per icon at its code point.

export interface FontCssInput {
  family: string;
  prefix: string;
  /** Where the font files are, relative to the stylesheet, without a trailing slash. */
  fontsPath: string;
  codePoints: Record<string, number>;
}

/** The CSS escape of a code point, as `content` takes it: "\e001". */
export const cssCodePoint = (codePoint: number) => `\\${codePoint.toString(16)}`;

export function fontCss({ family, prefix, fontsPath, codePoints }: FontCssInput): string {
  const file = `${fontsPath}/${family}`;
  const icons = Object.entries(codePoints).map(
    ([name, codePoint]) => `.${prefix}-${name}::before {\n  content: "${cssCodePoint(codePoint)}";\n}`,
  );
  return `/* ${family}: an icon font. Use <i class="${prefix} ${prefix}-NAME" aria-hidden="true"></i>;
 * the icon is one em square and takes the text's colour, so font-size and color style it. */
@font-face {
  font-family: "${family}";
  src:
    url("${file}.woff2") format("woff2"),
    url("${file}.woff") format("woff"),
    url("${file}.ttf") format("truetype");
  font-weight: normal;
  font-style: normal;
  /* Blank until the font is there: a fallback font would show a private-use box instead. */
  font-display: block;
}

.${prefix} {
  display: inline-block;
  font-family: "${family}" !important;
  font-style: normal;
  font-weight: normal;
  font-variant: normal;
  /* The size: 1em by default, or --${prefix}-size (e.g. 24px) on the icon or any parent. */
  font-size: var(--${prefix}-size, 1em);
  line-height: 1;
  text-transform: none;
  text-rendering: auto;
  /* Screen readers would read a private-use character: a decorative icon says nothing. */
  speak: never;
  -webkit-font-smoothing: antialiased;
  -moz-osx-font-smoothing: grayscale;
}

${icons.join("\n\n")}
`;
}
