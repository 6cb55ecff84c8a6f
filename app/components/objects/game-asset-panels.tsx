import type { ObjectImageView } from "#domain/objects";
import { AnimationPanel } from "./animation-panel";
import { PixelArtPanel } from "./pixel-art-panel";
import { TilesPanel, type TileChoice } from "./tiles-panel";

/** What a game takes from the shown image: animations, pixel art, and seamless tiles and autotile sets. */
export function GameAssetPanels(props: {
  objectId: string;
  objectName: string;
  image: ObjectImageView;
  number: number;
  knownIds: string[];
  stylePalette: string[];
  tiles: TileChoice[];
  onMade(imageId: string): void;
}) {
  return (
    <>
      <AnimationPanel {...props} />
      <PixelArtPanel {...props} />
      <TilesPanel {...props} />
    </>
  );
}
