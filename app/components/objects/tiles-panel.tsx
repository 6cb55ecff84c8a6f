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
import { useMakeImage } from "~/lib/hooks/use-make-image";
import { Picker } from "../ui/picker";
import { Button, buttonClasses } from "../ui/button";
import type { ObjectJobContext } from "./animation-frames";
import { DrawTexture } from "./draw-texture";

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
  jobs: ObjectJobContext;
  onMade(imageId: string): void;
}) {
  const { image } = props;
  const id = useId();
  const [size, setSize] = useState<TileSize>(32);
  const [kind, setKind] = useState<AutotileKindValue>("corners");
  const lowers = props.tiles.filter((tile) => tile.objectId !== props.objectId && tile.size === image.width);
  const [lower, setLower] = useState("");
  const chosenLower = lowers.find((tile) => tile.imageId === lower) ?? lowers[0];
  const { busy, make } = useMakeImage<"tile" | "set">(props);
  // A model's texture (1024 px) is a tile to cut game tiles from; a game tile is one to lay sets over.
  const isTexture = image.lineage.operation === "tiled" && !(tileSizes as readonly number[]).includes(image.width);
  const isTile = image.lineage.operation === "tiled" && !isTexture;
  const isSet = image.lineage.operation === "autotiled";

  function makeTile() {
    const body = { imageId: image.id, tileSize: size };
    return make(
      "tile",
      {
        body,
        send: (headers) =>
          callApi("post", "/api/objects/:id/seamless-tile", { params: { id: props.objectId }, body, headers }),
      },
      {
        title: "Seamless tile made",
        made: (made) => `A ${made.width}-px seamless tile of ${props.objectName} was added.`,
        earlier: `Image ${props.number} was made into a ${size}-px tile before: that tile is shown now.`,
        errorTitle: "Tile error",
        failed: "The tile could not be made. Please try again.",
      },
    );
  }

  function makeSet(lowerTile: TileChoice) {
    const body = { imageId: image.id, lowerImageId: lowerTile.imageId, kind };
    return make(
      "set",
      {
        body,
        send: (headers) =>
          callApi("post", "/api/objects/:id/autotile-set", { params: { id: props.objectId }, body, headers }),
      },
      {
        title: "Autotile set made",
        made: () => `${props.objectName} over ${lowerTile.objectName}, ${autotileKindLabels[kind]}, was added.`,
        earlier: "This set was made before: it is shown now.",
        errorTitle: "Tile error",
        failed: "The autotile set could not be made. Please try again.",
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
          Tiles
        </h2>
        <p className="mt-1 text-sm text-neutral-600 dark:text-neutral-400">
          {isSet
            ? "An autotile set: download it with its rules for a level editor."
            : isTexture
              ? "A texture a model drew, made to wrap, shown 3 × 3: cut game tiles from it."
              : isTile
                ? "A seamless tile, shown 3 × 3: lay it over another object's tile as an autotile set."
                : `Image ${props.number} as a seamless tile for a game's ground or walls, then tiles that join it to another ground.`}
        </p>
      </div>
      {(isTile || isTexture) && (
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
            <Picker<string>
              id={`${id}-lower`}
              label="Over"
              value={chosenLower?.imageId ?? ""}
              options={lowers.map((tile) => ({ value: tile.imageId, label: tile.objectName }))}
              onChange={setLower}
            />
            <Picker<AutotileKindValue>
              id={`${id}-kind`}
              label="Set"
              value={kind}
              options={autotileKindValues.map((value) => ({ value, label: autotileKindLabels[value] }))}
              onChange={setKind}
            />
            <Button
              variant="secondary"
              disabled={busy !== null}
              onClick={() => void makeSet(chosenLower!)}
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
        // Side by side where there is room; the button wraps under the size where there is not.
        <div className="flex flex-wrap items-end gap-3">
          <div className="min-w-28 flex-1">
            <Picker<TileSize>
              id={`${id}-size`}
              label="Tile size"
              value={size}
              options={tileSizes.map((value) => ({ value, label: `${value} px` }))}
              onChange={setSize}
            />
          </div>
          <Button
            variant="secondary"
            disabled={busy !== null}
            onClick={() => void makeTile()}
            data-testid="make-seamless-tile"
            className="h-11 grow"
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
      {!isSet && !isTile && !isTexture && (
        <DrawTexture objectId={props.objectId} objectName={props.objectName} jobs={props.jobs} />
      )}
    </section>
  );
}
