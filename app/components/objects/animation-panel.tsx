import { Download } from "lucide-react";
import { useId, useState } from "react";
import type { Direction } from "#domain/animation";
import type { ObjectImageView } from "#domain/objects";
import { buttonClasses } from "../ui/button";
import { AnimationForm } from "./animation-form";
import { AnimationFrames, type ObjectJobContext } from "./animation-frames";
import { SheetPlayer, sheetDirections } from "./animation-player";

const downloads = [
  { for: "aseprite", label: "Aseprite", hint: "sheet and JSON" },
  { for: "godot", label: "Godot", hint: "SpriteFrames" },
  { for: "texturepacker", label: "TexturePacker", hint: "sheet and JSON hash" },
  { for: "gif", label: "GIF", hint: "one per direction" },
  { for: "webp", label: "WebP", hint: "animated, one per direction" },
] as const;

/**
 * "Animation": the shown image in motion — an action, its frames and directions, one shared palette
 * if wanted, made by preview motion or drawn by a model — as a sheet beside it; a sheet plays here
 * (speed, direction, onion skin), shows its frames to reorder, drop or redraw, and downloads for a
 * game engine.
 */
export function AnimationPanel(props: {
  objectId: string;
  objectName: string;
  image: ObjectImageView;
  number: number;
  knownIds: string[];
  jobs: ObjectJobContext;
  onMade(imageId: string): void;
}) {
  const { image } = props;
  const id = useId();
  const animation = image.lineage.animation;
  const [direction, setDirection] = useState<Direction>("s");
  const [held, setHeld] = useState<number | null>(null);
  const shownDirection = animation && sheetDirections(animation).includes(direction) ? direction : "s";

  return (
    <section
      aria-labelledby={`${id}-heading`}
      className="grid gap-4 rounded-2xl border border-neutral-200 bg-white p-5 dark:border-neutral-800 dark:bg-neutral-900"
    >
      <div>
        <h2 id={`${id}-heading`} className="font-semibold">
          Animation
        </h2>
        <p className="mt-1 text-sm text-neutral-600 dark:text-neutral-400">
          {animation
            ? `A sheet of frames, a row per direction${animation.drawn ? ", drawn by a model" : ""}. Play it here, then download it for your engine.`
            : `Image ${props.number} in motion, every frame on one canvas and one baseline.`}
        </p>
      </div>
      {animation ? (
        <>
          <SheetPlayer
            image={image}
            animation={animation}
            name={props.objectName}
            direction={shownDirection}
            onDirectionChange={setDirection}
            still={held}
          />
          <AnimationFrames
            key={image.id}
            {...props}
            animation={animation}
            direction={shownDirection}
            selected={held}
            onSelect={setHeld}
          />
          <div role="group" aria-label="Download the animation" className="grid grid-cols-2 gap-2">
            {downloads.map((download) => (
              <a
                key={download.for}
                href={`${image.url}/animation.zip?for=${download.for}`}
                download
                className={buttonClasses("secondary")}
                title={download.hint}
              >
                <Download aria-hidden className="size-4" /> {download.label}
                <span className="sr-only"> ({download.hint}, ZIP)</span>
              </a>
            ))}
          </div>
        </>
      ) : (
        <AnimationForm key={image.id} {...props} />
      )}
    </section>
  );
}
