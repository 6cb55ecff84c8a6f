import type { JobView, ObjectDetail, ObjectImageView } from "#domain/objects";
import { AnimationPanel } from "./animation-panel";
import { PixelArtPanel } from "./pixel-art-panel";
import { TilesPanel, type TileChoice } from "./tiles-panel";

/** What a game takes from the shown image: animations, pixel art, and seamless tiles and autotile sets. */
export function GameAssetPanels({
  object,
  onStarted,
  ...props
}: {
  object: Pick<ObjectDetail, "id" | "name" | "size" | "detail" | "style">;
  image: ObjectImageView;
  number: number;
  knownIds: string[];
  stylePalette: string[];
  tiles: TileChoice[];
  onStarted(job: JobView): void;
  onMade(imageId: string): void;
}) {
  const panel = { ...props, objectId: object.id, objectName: object.name };
  const jobs = { settings: { size: object.size, detail: object.detail }, model: object.style.defaultModel, onStarted };
  return (
    <>
      <AnimationPanel key={props.image.id} {...panel} jobs={jobs} />
      <PixelArtPanel {...panel} />
      <TilesPanel {...panel} jobs={jobs} />
    </>
  );
}
