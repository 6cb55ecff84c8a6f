import { useEffect, useState } from "react";
import { dominantColours, mapByLightness, pixelRecolourer } from "#domain/recolour-colours";

/** The thumbnails' side in the preview: enough to judge colours, quick to redo on every edit. */
const SIDE = 96;

function loaded(src: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const image = new Image();
    image.onload = () => resolve(image);
    image.onerror = () => reject(new Error(`Could not load ${src}`));
    image.src = src;
  });
}

/** A thumbnail in the palette, mapped as the server will map the image (decision 119), as a data URL. */
async function recolouredThumb(src: string, palette: string[]): Promise<string> {
  const image = await loaded(src);
  const scale = Math.min(1, SIDE / Math.max(image.naturalWidth, image.naturalHeight));
  const canvas = document.createElement("canvas");
  canvas.width = Math.max(1, Math.round(image.naturalWidth * scale));
  canvas.height = Math.max(1, Math.round(image.naturalHeight * scale));
  const context = canvas.getContext("2d")!;
  context.drawImage(image, 0, 0, canvas.width, canvas.height);
  const pixels = context.getImageData(0, 0, canvas.width, canvas.height);
  const next = pixelRecolourer(mapByLightness(dominantColours(pixels.data, palette.length), palette));
  const data = pixels.data;
  for (let p = 0; p < data.length; p += 4) {
    if (data[p + 3] === 0) continue;
    const colour = next(data[p]!, data[p + 1]!, data[p + 2]!);
    [data[p], data[p + 1], data[p + 2]] = [colour.r, colour.g, colour.b];
  }
  context.putImageData(pixels, 0, 0);
  return canvas.toDataURL("image/png");
}

/**
 * The covers as they will look in `palette`, made in the browser from their thumbnails while the
 * palette is edited, before anything is stored; a thumbnail that cannot be read stays as it was.
 */
export function useRecolourPreview(sources: { id: string; src: string | null }[], palette: string[] | null) {
  const [previews, setPreviews] = useState<Record<string, string>>({});
  const key = sources.map((s) => `${s.id}:${s.src}`).join("|");
  const colours = palette?.join(",") ?? "";
  useEffect(() => {
    if (!colours) return;
    let current = true;
    // A short pause, so typing a colour's code redraws once it is typed.
    const timer = setTimeout(() => {
      void Promise.all(
        sources.map(async (s) => [s.id, s.src ? await recolouredThumb(s.src, colours.split(",")).catch(() => "") : ""]),
      ).then((made) => {
        if (current) setPreviews(Object.fromEntries(made.filter(([, url]) => url)));
      });
    }, 150);
    return () => {
      current = false;
      clearTimeout(timer);
    };
    // `key` stands for `sources`, which is made anew on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, colours]);
  return previews;
}
