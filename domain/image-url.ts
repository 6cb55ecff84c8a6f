/**
 * Links to the image-optimisation endpoint (spec §7, §9): a stored image at one
 * of the spec's widths, as WebP, at a quality from 1 to 100 (default 100).
 */
export const imageWidths = { xs: 320, sm: 640, md: 768, lg: 1024, xl: 1280, "2xl": 1536 } as const;
export const IMAGE_WIDTHS: readonly number[] = Object.values(imageWidths);
export const IMAGE_DENSITIES = [1, 2] as const;
export const DEFAULT_IMAGE_QUALITY = 100;
/** The qualities the endpoint makes: a few steps, so one image can have only so many copies. */
export const IMAGE_QUALITIES: readonly number[] = [50, 75, 80, 90, 100];
export const IMAGE_ENDPOINT = "/api/image";

/**
 * `signature` is the one the server sent with the image's url: with it the copy is served
 * without a session check and cached by the browser as immutable (docs/decisions/045).
 */
export function optimizedImageUrl(
  url: string,
  width: number,
  quality = DEFAULT_IMAGE_QUALITY,
  signature?: string,
): string {
  const params = new URLSearchParams({ url, w: String(width) });
  if (quality !== DEFAULT_IMAGE_QUALITY) params.set("q", String(quality));
  if (signature) params.set("s", signature);
  return `${IMAGE_ENDPOINT}?${params}`;
}

/**
 * How the library grids show images: style cards' samples and object cards' covers. Every
 * image's copies for these are made when it is stored (server/images/card-variants.server.ts),
 * so the grids never wait for a conversion.
 */
export const cardImages = {
  styleThumbnail: { displayWidth: 300, quality: 80 },
  objectCover: { displayWidth: 280, quality: 80 },
} as const;

/**
 * How wide a style card's sample is shown (a quarter of the card grid's row, app/components/
 * style-card.tsx, in the lists of app/routes/app/style.tsx and index.tsx): half the page's width
 * on a phone (one card a row, 1rem padding); at most 245px from the `sm` breakpoint on (two or
 * three cards a row). The browser picks between the 320 and 640px copies by the width shown
 * rather than `styleThumbnail`'s fixed 300px: a phone of density up to about 1.6 gets the small one.
 */
export const styleCardSampleSizes = "(min-width: 640px) 245px, calc(50vw - 1rem)";

/**
 * How an object's page shows its image fitted on the stage (app/components/objects/image-stage.tsx):
 * a phone's width less the page's and the stage's padding; from the `sm` breakpoint at most 36rem
 * (the stage is at most 40rem high, 2rem padded). The first width is the copy phones and most
 * desktop screens pick, made when the image is stored (server/images/card-variants.server.ts).
 */
export const stageImage = {
  sizes: "(min-width: 640px) 36rem, calc(100vw - 4rem)",
  widths: [640, 1024],
  quality: 90,
} as const;

/** The smallest of the spec's widths that covers `pixels`, or the largest. */
export function widthFor(pixels: number): number {
  return IMAGE_WIDTHS.find((w) => w >= pixels) ?? IMAGE_WIDTHS.at(-1)!;
}

/**
 * `src` and `srcSet` for an image shown `displayWidth` CSS pixels wide, at
 * pixel densities 1 and 2, never asking for more pixels than the original has.
 */
export function responsiveImage(
  image: { url: string; signature?: string },
  options: { displayWidth: number; sourceWidth?: number; quality?: number },
): { src: string; srcSet: string } {
  const candidates = responsiveWidths(options);
  const at = (width: number) => optimizedImageUrl(image.url, width, options.quality, image.signature);
  return {
    src: at(candidates[0]!.width),
    srcSet: candidates.map((c) => `${at(c.width)} ${c.density}x`).join(", "),
  };
}

/** The width asked for at each pixel density, never more than the original holds. */
export function responsiveWidths(options: {
  displayWidth: number;
  sourceWidth?: number;
}): { density: number; width: number }[] {
  const cap = (w: number) => (options.sourceWidth ? Math.min(w, widthFor(options.sourceWidth)) : w);
  return IMAGE_DENSITIES.map((density) => ({ density, width: cap(widthFor(options.displayWidth * density)) }));
}

/**
 * `src`, `srcSet` by width and `sizes` for an image whose shown width follows the screen (the
 * object page's stage: the width of a phone, 36rem on a wider screen). The browser picks the
 * smallest copy that covers what it shows at its pixel density: a phone is not sent the copy a
 * desktop's high-density screen needs.
 */
export function sizedImage(
  image: { url: string; signature?: string },
  options: { sizes: string; widths: readonly number[]; sourceWidth?: number; quality?: number },
): { src: string; srcSet: string; sizes: string } {
  const cap = (w: number) => (options.sourceWidth ? Math.min(w, widthFor(options.sourceWidth)) : w);
  const widths = [...new Set(options.widths.map((w) => cap(widthFor(w))))].sort((a, b) => a - b);
  const at = (width: number) => optimizedImageUrl(image.url, width, options.quality, image.signature);
  return {
    src: at(widths.at(-1)!),
    srcSet: widths.map((width) => `${at(width)} ${width}w`).join(", "),
    sizes: options.sizes,
  };
}
