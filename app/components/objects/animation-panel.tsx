import { Clapperboard, Download, LoaderCircle, Pause, Play } from "lucide-react";
import { useEffect, useId, useState } from "react";
import {
  actionSpeeds,
  animationActions,
  animationFrameCounts,
  type directionCounts,
  directionSets,
  type AnimationAction,
} from "#domain/animation";
import type { ObjectImageView } from "#domain/objects";
import { callApi } from "~/lib/api/api-client";
import { useMakeImage } from "~/lib/hooks/use-make-image";
import { Button, buttonClasses } from "../ui/button";
import { Picker } from "../ui/picker";
import { SegmentedControl } from "../ui/segmented-control";
import { Switch } from "../ui/switch";

const directionNames: Record<string, string> = {
  s: "South",
  se: "South-east",
  e: "East",
  ne: "North-east",
  n: "North",
  nw: "North-west",
  w: "West",
  sw: "South-west",
};
const speeds = ["0.5", "1", "2"] as const;
const downloads = [
  { for: "aseprite", label: "Aseprite", hint: "sheet and JSON" },
  { for: "godot", label: "Godot", hint: "SpriteFrames" },
  { for: "texturepacker", label: "TexturePacker", hint: "sheet and JSON hash" },
  { for: "gif", label: "GIF", hint: "one per direction" },
] as const;

/**
 * "Animation": the shown image in motion — an action, its frames and directions (the west side
 * mirrored from the east), one shared palette if wanted — as a sheet beside it; a sheet plays here
 * (speed, direction, onion skin) and downloads for a game engine. Preview motion, free.
 */
export function AnimationPanel(props: {
  objectId: string;
  objectName: string;
  image: ObjectImageView;
  number: number;
  knownIds: string[];
  onMade(imageId: string): void;
}) {
  const { image } = props;
  const id = useId();
  const [action, setAction] = useState<AnimationAction>("idle");
  const [frames, setFrames] = useState<(typeof animationFrameCounts)[number]>(8);
  const [directions, setDirections] = useState<(typeof directionCounts)[number]>(1);
  const [loop, setLoop] = useState(true);
  const [shared, setShared] = useState(false);
  const { busy, make } = useMakeImage<"animation">(props);
  const animation = image.lineage.animation;

  function animate() {
    const body = { imageId: image.id, action, frames, directions, loop, ...(shared ? { colours: 16 } : {}) };
    return make(
      "animation",
      {
        body,
        send: (headers) =>
          callApi("post", "/api/objects/:id/animation", { params: { id: props.objectId }, body, headers }),
      },
      {
        title: "Animation made",
        made: () =>
          `${props.objectName}, ${action}, ${frames} frames in ${directions === 1 ? "one direction" : `${directions} directions`}, was added.`,
        earlier: "This animation was made before: it is shown now.",
        errorTitle: "Animation error",
        failed: "The animation could not be made. Please try again.",
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
          Animation
        </h2>
        <p className="mt-1 text-sm text-neutral-600 dark:text-neutral-400">
          {animation
            ? "A sheet of frames: a row per direction. Play it here, then download it for your engine."
            : `Image ${props.number} in motion, every frame on one canvas and one baseline. Preview motion: the drawing bobs, sways, squashes and stretches; its frames are not redrawn.`}
        </p>
      </div>
      {animation ? (
        <>
          <SheetPlayer image={image} animation={animation} name={props.objectName} />
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
        <div className="grid gap-3">
          <div className="grid grid-cols-2 gap-3">
            <Picker<AnimationAction>
              id={`${id}-action`}
              label="Action"
              value={action}
              options={animationActions.map((value) => ({ value, label: value[0]!.toUpperCase() + value.slice(1) }))}
              onChange={setAction}
            />
            <Picker<(typeof animationFrameCounts)[number]>
              id={`${id}-frames`}
              label="Frames"
              value={frames}
              options={animationFrameCounts.map((value) => ({ value, label: String(value) }))}
              onChange={setFrames}
            />
          </div>
          <Picker<(typeof directionCounts)[number]>
            id={`${id}-directions`}
            label="Directions"
            value={directions}
            options={[
              { value: 1, label: "One" },
              { value: 4, label: "4 · S, E, N, W (W mirrored)" },
              { value: 8, label: "8 · with diagonals (west side mirrored)" },
            ]}
            onChange={setDirections}
          />
          <Switch label="Loop" hint="Off plays it once (a death, say)" checked={loop} onChange={setLoop} />
          <Switch
            label="One palette for every frame"
            hint="16 colours shared by all frames, so no colour flickers"
            checked={shared}
            onChange={setShared}
          />
          <Button
            variant="secondary"
            disabled={busy !== null}
            onClick={() => void animate()}
            data-testid="make-animation"
          >
            {busy ? (
              <LoaderCircle aria-hidden className="size-4 animate-spin" />
            ) : (
              <Clapperboard aria-hidden className="size-4" />
            )}
            Animate
            <span className="text-neutral-500 dark:text-neutral-400">· free</span>
          </Button>
        </div>
      )}
    </section>
  );
}

/** Plays one row of a sheet: its frames in turn at the action's speed, with the frame before it faint if asked. */
function SheetPlayer(props: {
  image: ObjectImageView;
  animation: NonNullable<ObjectImageView["lineage"]["animation"]>;
  name: string;
}) {
  const { image, animation } = props;
  const id = useId();
  const directions = directionSets[animation.directions as keyof typeof directionSets];
  const [direction, setDirection] = useState<string>(directions[0]!);
  const [speed, setSpeed] = useState<(typeof speeds)[number]>("1");
  const [playing, setPlaying] = useState(true);
  const [onion, setOnion] = useState(false);
  const [frame, setFrame] = useState(0);
  const fps = actionSpeeds[animation.action] * Number(speed);

  useEffect(() => {
    if (!playing) return;
    const timer = window.setInterval(
      () =>
        setFrame((shown) => (animation.loop || shown < animation.frames - 1 ? (shown + 1) % animation.frames : shown)),
      1000 / fps,
    );
    return () => window.clearInterval(timer);
  }, [playing, fps, animation.frames, animation.loop]);

  const row = Math.max(0, (directions as readonly string[]).indexOf(direction));
  const layer = (at: number) => ({
    backgroundImage: `url("${image.url}")`,
    backgroundSize: `${animation.frames * 100}% ${animation.directions * 100}%`,
    backgroundPosition: `${animation.frames > 1 ? (at / (animation.frames - 1)) * 100 : 0}% ${animation.directions > 1 ? (row / (animation.directions - 1)) * 100 : 0}%`,
  });
  return (
    <div className="grid gap-3">
      <div
        role="img"
        aria-label={`${props.name} ${animation.action}, facing ${directionNames[direction]}, frame ${frame + 1} of ${animation.frames}`}
        data-testid="animation-player"
        data-frame={frame}
        className="relative aspect-square w-full max-w-64 justify-self-center rounded-xl bg-neutral-50 ring-1 ring-neutral-200 dark:bg-neutral-950 dark:ring-neutral-800"
      >
        {onion && (
          <div
            className="absolute inset-0 opacity-35"
            style={layer((frame + animation.frames - 1) % animation.frames)}
          />
        )}
        <div className="absolute inset-0" style={layer(frame)} />
      </div>
      <div className="grid grid-cols-[auto_minmax(0,1fr)] items-end gap-3">
        <Button
          variant="secondary"
          size="icon"
          onClick={() => setPlaying(!playing)}
          aria-label={playing ? "Pause" : "Play"}
        >
          {playing ? <Pause aria-hidden className="size-4" /> : <Play aria-hidden className="size-4" />}
        </Button>
        <SegmentedControl<(typeof speeds)[number]>
          legend="Speed"
          name={`${id}-speed`}
          value={speed}
          options={speeds.map((value) => ({ value, label: `${value}×` }))}
          onChange={setSpeed}
        />
      </div>
      {directions.length > 1 && (
        <Picker<string>
          id={`${id}-direction`}
          label="Facing"
          value={direction}
          options={directions.map((value) => ({ value, label: directionNames[value]! }))}
          onChange={setDirection}
        />
      )}
      <Switch label="Onion skin" hint="The frame before, faint, under this one" checked={onion} onChange={setOnion} />
    </div>
  );
}
