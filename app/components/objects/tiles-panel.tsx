import { Download, LayoutGrid, LoaderCircle, Map as MapIcon } from "lucide-react";
import { useId, useState } from "react";
import type { ObjectImageView } from "#domain/objects";
import {
  autotileKindLabels,
  autotileKindValues,
  tileSizes,
  type AutotileKindValue,
  type TileSize,
} from "#domain/tiles";
import { callApi } from "~/lib/api/api-client";
import { useIdempotencyKey } from "~/lib/hooks/use-idempotency-key";
import { toast } from "~/lib/state/toast-store";
import { cn } from "~/lib/ui/cn";
import { refusalMessage } from "~/lib/words/refusal-message";
import { Picker } from "../ui/picker";
import { Button, buttonClasses } from "../ui/button";
import { inputClasses } from "../ui/text-field";

/** A seamless tile another object made: a lower terrain an autotile set can lie on. */
export interface TileChoice {
  imageId: string;
  objectId: string;
  objectName: string;
  size: number;
}

/**
 * "Tiles": the shown image as a seamless tile for a game's ground (shown 3 × 3, so it can be seen
 * to wrap); a tile as an autotile set over another object's tile; a set downloaded for Tiled or
 * Godot. Motif's own work: free and at once.
 */
export function TilesPanel(props: {
  objectId: string;
  objectName: string;
  image: ObjectImageView;
  number: number;
  knownIds: string[];
  tiles: TileChoice[];
  onMade(imageId: string): void;
}) {
  const { image } = props;
  const id = useId();
  const [size, setSize] = useState<TileSize>(32);
  const [kind, setKind] = useState<AutotileKindValue>("corners");
  const lowers = props.tiles.filter((tile) => tile.objectId !== props.objectId && tile.size === image.width);
  const [lower, setLower] = useState("");
  const chosenLower = lowers.find((tile) => tile.imageId === lower) ?? lowers[0];
  const [busy, setBusy] = useState<"tile" | "set" | null>(null);
  const idempotency = useIdempotencyKey();
  const isTile = image.lineage.operation === "tiled";
  const isSet = image.lineage.operation === "autotiled";

  async function make(work: "tile" | "set") {
    setBusy(work);
    try {
      const params = { id: props.objectId };
      const once = (path: string, body: object) => ({ "Idempotency-Key": idempotency.keyFor(path, body) });
      let made: ObjectImageView;
      if (work === "tile") {
        const body = { imageId: image.id, tileSize: size };
        ({ image: made } = await callApi("post", "/api/objects/:id/seamless-tile", {
          params,
          body,
          headers: once(`/api/objects/${props.objectId}/seamless-tile`, body),
        }));
      } else {
        const body = { imageId: image.id, lowerImageId: chosenLower!.imageId, kind };
        ({ image: made } = await callApi("post", "/api/objects/:id/autotile-set", {
          params,
          body,
          headers: once(`/api/objects/${props.objectId}/autotile-set`, body),
        }));
      }
      idempotency.done();
      const earlier = props.knownIds.includes(made.id);
      toast({
        title: work === "tile" ? "Seamless tile made" : "Autotile set made",
        description: earlier
          ? "It was made with these settings before: that image is shown now."
          : work === "tile"
            ? `A ${made.width}-px seamless tile of ${props.objectName} was added.`
            : `${props.objectName} over ${chosenLower!.objectName}, ${autotileKindLabels[kind]}, was added.`,
        color: "success",
      });
      props.onMade(made.id);
    } catch (error) {
      toast({
        title: "Tile error",
        description: refusalMessage(error, "The tile could not be made. Please try again."),
        color: "error",
      });
    } finally {
      setBusy(null);
    }
  }

  return (
    <section
      aria-labelledby={`${id}-heading`}
      className="grid gap-4 rounded-2xl border border-neutral-200 bg-white p-5 dark:border-neutral-800 dark:bg-neutral-900"
    >
      <div>
        <h2 id={`${id}-heading`} className="font-semibold">
          Tiles
        </h2>
        <p className="mt-1 text-sm text-neutral-600 dark:text-neutral-400">
          {isSet
            ? "An autotile set: download it with its rules for a level editor."
            : isTile
              ? "A seamless tile, shown 3 × 3: lay it over another object's tile as an autotile set."
              : `Image ${props.number} as a seamless tile for a game's ground or walls, then tiles that join it to another ground.`}
        </p>
      </div>
      {isTile && (
        <div
          role="img"
          aria-label={`${props.objectName} tiled 3 × 3`}
          data-testid="tile-field"
          className="aspect-square w-full max-w-72 justify-self-center rounded-xl ring-1 ring-neutral-200 [image-rendering:pixelated] dark:ring-neutral-800"
          style={{
            backgroundImage: `url("${image.url}")`,
            backgroundSize: "33.3333% 33.3333%",
            backgroundRepeat: "repeat",
          }}
        />
      )}
      {isSet ? (
        <div role="group" aria-label="Download the set" className="grid grid-cols-2 gap-2">
          <a href={`${image.url}/tileset.zip?for=tiled`} download className={buttonClasses("secondary")}>
            <MapIcon aria-hidden className="size-4" /> Tiled
            <span className="sr-only"> tileset and sample map (ZIP)</span>
          </a>
          <a href={`${image.url}/tileset.zip?for=godot`} download className={buttonClasses("secondary")}>
            <Download aria-hidden className="size-4" /> Godot
            <span className="sr-only"> TileSet (ZIP)</span>
          </a>
        </div>
      ) : isTile ? (
        lowers.length === 0 ? (
          <p className="rounded-xl bg-neutral-50 p-3 text-sm text-neutral-600 dark:bg-neutral-950 dark:text-neutral-400">
            To make an autotile set, make a {image.width}-px seamless tile of another ground first (dirt under grass,
            say): it is the terrain this one lies over.
          </p>
        ) : (
          <div className="grid gap-3">
            <Picker id={`${id}-lower`} label="Over">
              <select
                id={`${id}-lower`}
                value={chosenLower?.imageId ?? ""}
                onChange={(event) => setLower(event.target.value)}
                className={cn(inputClasses, "cursor-pointer appearance-none pr-9 text-sm")}
              >
                {lowers.map((tile) => (
                  <option key={tile.imageId} value={tile.imageId}>
                    {tile.objectName}
                  </option>
                ))}
              </select>
            </Picker>
            <Picker id={`${id}-kind`} label="Set">
              <select
                id={`${id}-kind`}
                value={kind}
                onChange={(event) => setKind(event.target.value as AutotileKindValue)}
                className={cn(inputClasses, "cursor-pointer appearance-none pr-9 text-sm")}
              >
                {autotileKindValues.map((value) => (
                  <option key={value} value={value}>
                    {autotileKindLabels[value]}
                  </option>
                ))}
              </select>
            </Picker>
            <Button
              variant="secondary"
              disabled={busy !== null}
              onClick={() => void make("set")}
              data-testid="make-autotile-set"
            >
              {busy === "set" ? (
                <LoaderCircle aria-hidden className="size-4 animate-spin" />
              ) : (
                <LayoutGrid aria-hidden className="size-4" />
              )}
              Make autotile set
              <span className="text-neutral-500 dark:text-neutral-400">· free</span>
            </Button>
          </div>
        )
      ) : (
        <div className="grid grid-cols-[minmax(0,1fr)_auto] items-end gap-3">
          <Picker id={`${id}-size`} label="Tile size">
            <select
              id={`${id}-size`}
              value={size}
              onChange={(event) => setSize(Number(event.target.value) as TileSize)}
              className={cn(inputClasses, "cursor-pointer appearance-none pr-9 text-sm")}
            >
              {tileSizes.map((value) => (
                <option key={value} value={value}>
                  {value} px
                </option>
              ))}
            </select>
          </Picker>
          <Button
            variant="secondary"
            disabled={busy !== null}
            onClick={() => void make("tile")}
            data-testid="make-seamless-tile"
            className="h-11"
          >
            {busy === "tile" ? (
              <LoaderCircle aria-hidden className="size-4 animate-spin" />
            ) : (
              <LayoutGrid aria-hidden className="size-4" />
            )}
            Make seamless tile
            <span className="text-neutral-500 dark:text-neutral-400">· free</span>
          </Button>
        </div>
      )}
    </section>
  );
}
