import { Grid3x3, LoaderCircle } from "lucide-react";
import { useId, useState, type FormEvent } from "react";
import type { ObjectImageView } from "#domain/objects";
import { classicPalettes } from "#domain/classic-palettes";
import {
  pixelColours,
  pixelGrid,
  pixelPaletteChoices,
  pixelPaletteLabels,
  type PixelArtInput,
  type PixelPaletteChoice,
} from "#domain/pixel-art";
import { callApi } from "~/lib/api/api-client";
import { useMakeImage } from "~/lib/hooks/use-make-image";
import { readPaletteFile } from "~/lib/ui/read-palette-file";
import { cn } from "~/lib/ui/cn";
import { Picker } from "../ui/picker";
import { Button } from "../ui/button";
import { Switch } from "../ui/switch";
import { inputClasses } from "../ui/text-field";

const GRIDS = [16, 24, 32, 48, 64, 96, 128] as const;

/**
 * "Pixel art": the shown image made into true pixel art beside it — a native grid, a locked
 * palette, no half-clear pixels, an optional outline. Motif's own conversion: free and at once.
 */
export function PixelArtPanel(props: {
  objectId: string;
  objectName: string;
  image: ObjectImageView;
  number: number;
  knownIds: string[];
  stylePalette: string[];
  onMade(imageId: string): void;
}) {
  const { image } = props;
  const id = useId();
  const [grid, setGrid] = useState<PixelArtInput["grid"]>(pixelGrid.default);
  const [palette, setPalette] = useState<PixelPaletteChoice>("image");
  const [colours, setColours] = useState(String(pixelColours.default));
  const [outline, setOutline] = useState(false);
  const [uploaded, setUploaded] = useState<{ name: string; colours: string[] } | { error: string } | null>(null);
  const custom = uploaded && "colours" in uploaded ? uploaded.colours : null;
  const { busy, make } = useMakeImage<"pixel-art">(props);
  const count = Number(colours);
  const coloursValid = Number.isInteger(count) && count >= pixelColours.min && count <= pixelColours.max;
  const swatches =
    palette === "image"
      ? []
      : palette === "style"
        ? props.stylePalette
        : palette === "custom"
          ? (custom ?? [])
          : classicPalettes[palette].colours;
  const ready = coloursValid && (palette !== "custom" || custom !== null);
  const choices = pixelPaletteChoices.filter((choice) => choice !== "style" || props.stylePalette.length > 0);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!ready || busy) return;
    const body = {
      imageId: image.id,
      grid,
      palette,
      colours: count,
      outline,
      ...(palette === "custom" && custom ? { customPalette: custom } : {}),
    };
    await make(
      "pixel-art",
      {
        body,
        send: (headers) =>
          callApi("post", "/api/objects/:id/pixel-art", { params: { id: props.objectId }, body, headers }),
      },
      {
        title: "Pixel art made",
        made: (made) =>
          `Image ${props.number} as ${made.width} × ${made.height} pixel art was added to ${props.objectName}.`,
        earlier: `Image ${props.number} was made into pixel art with these settings before: that image is shown now.`,
        errorTitle: "Pixel art error",
        failed: "The image could not be made into pixel art. Please try again.",
      },
    );
  }

  return (
    <section
      aria-labelledby={`${id}-heading`}
      className="grid gap-4 rounded-2xl border border-neutral-200 bg-white p-5 dark:border-neutral-800 dark:bg-neutral-900"
    >
      <div>
        <h2 id={`${id}-heading`} className="font-semibold">
          Pixel art
        </h2>
        <p className="mt-1 text-sm text-neutral-600 dark:text-neutral-400">
          Image {props.number} on a native pixel grid, its colours locked to a palette, every pixel crisp: ready for a
          game engine. A new image; this one stays.
        </p>
      </div>
      <form onSubmit={(event) => void submit(event)} className="grid gap-3">
        <div className="grid grid-cols-2 gap-3">
          <Picker<PixelArtInput["grid"]>
            id={`${id}-grid`}
            label="Grid"
            value={grid}
            options={[
              ...GRIDS.map((size) => ({ value: size, label: `${size} px` })),
              { value: "detect" as const, label: "Detect from the image" },
            ]}
            onChange={setGrid}
          />
          <div className="grid gap-1.5">
            <label htmlFor={`${id}-colours`} className="text-sm font-medium">
              Colours, at most
            </label>
            <input
              id={`${id}-colours`}
              type="number"
              inputMode="numeric"
              min={pixelColours.min}
              max={pixelColours.max}
              value={colours}
              onChange={(event) => setColours(event.target.value)}
              aria-invalid={!coloursValid || undefined}
              aria-describedby={coloursValid ? undefined : `${id}-colours-error`}
              className={cn(inputClasses, "text-sm tabular-nums")}
            />
          </div>
        </div>
        {!coloursValid && (
          <p id={`${id}-colours-error`} role="alert" className="text-sm text-error-600 dark:text-error-400">
            Choose from {pixelColours.min} to {pixelColours.max} colours.
          </p>
        )}
        <Picker<PixelPaletteChoice>
          id={`${id}-palette`}
          label="Palette"
          value={palette}
          options={choices.map((choice) => ({
            value: choice,
            label:
              choice === "image" || choice === "style" || choice === "custom"
                ? pixelPaletteLabels[choice]
                : `${pixelPaletteLabels[choice]} · ${classicPalettes[choice].colours.length} colours`,
          }))}
          onChange={setPalette}
        />
        {palette === "custom" && (
          <div className="grid gap-1.5">
            <label htmlFor={`${id}-palette-file`} className="text-sm font-medium">
              Palette file
            </label>
            <input
              id={`${id}-palette-file`}
              type="file"
              accept=".hex,.gpl,.pal,.txt,.png,image/png,text/plain"
              onChange={(event) => {
                const file = event.target.files?.[0];
                if (!file) return;
                void readPaletteFile(file).then((reading) =>
                  setUploaded("colours" in reading ? { name: file.name, colours: reading.colours } : reading),
                );
              }}
              aria-invalid={(uploaded !== null && "error" in uploaded) || undefined}
              aria-describedby={`${id}-palette-file-hint`}
              className="text-sm file:mr-3 file:rounded-lg file:border-0 file:bg-neutral-100 file:px-3 file:py-2 file:text-sm file:font-medium file:text-neutral-900 dark:file:bg-neutral-800 dark:file:text-neutral-100"
            />
            <p
              id={`${id}-palette-file-hint`}
              role={uploaded && "error" in uploaded ? "alert" : undefined}
              className={cn(
                "text-xs",
                uploaded && "error" in uploaded
                  ? "text-error-600 dark:text-error-400"
                  : "text-neutral-500 dark:text-neutral-400",
              )}
            >
              {uploaded === null
                ? "A Lospec .hex, a GIMP .gpl, a JASC .pal, a Paint.NET .txt, or a PNG of swatches."
                : "error" in uploaded
                  ? uploaded.error
                  : `${uploaded.name}: ${uploaded.colours.length} colours.`}
            </p>
          </div>
        )}
        {swatches.length > 0 && (
          <ul
            aria-label={`${pixelPaletteLabels[palette]} colours`}
            className="flex flex-wrap gap-1"
            data-testid="pixel-palette"
          >
            {swatches.map((colour) => (
              <li
                key={colour}
                title={colour}
                className="size-4 rounded-sm ring-1 ring-black/10 dark:ring-white/15"
                style={{ backgroundColor: colour }}
              >
                <span className="sr-only">{colour}</span>
              </li>
            ))}
          </ul>
        )}
        <Switch
          label="Outline"
          hint="A 1-pixel line around the shape, in the palette's darkest colour"
          checked={outline}
          onChange={setOutline}
        />
        <Button type="submit" variant="secondary" disabled={busy !== null || !ready} data-testid="make-pixel-art">
          {busy ? (
            <LoaderCircle aria-hidden className="size-4 animate-spin" />
          ) : (
            <Grid3x3 aria-hidden className="size-4" />
          )}
          Make pixel art
          <span className="text-neutral-500 dark:text-neutral-400">· free</span>
        </Button>
      </form>
    </section>
  );
}
