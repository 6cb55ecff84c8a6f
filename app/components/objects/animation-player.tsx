import { Pause, Play } from "lucide-react";
import { useEffect, useId, useState } from "react";
import { actionSpeeds, directionSets, type Direction } from "#domain/animation";
import type { ObjectImageView } from "#domain/objects";
import { Button } from "../ui/button";
import { Picker } from "../ui/picker";
import { SegmentedControl } from "../ui/segmented-control";
import { Switch } from "../ui/switch";

export type SheetAnimation = NonNullable<ObjectImageView["lineage"]["animation"]>;

export const directionNames: Record<Direction, string> = {
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

/** The directions of a sheet, in its rows. */
export const sheetDirections = (animation: SheetAnimation) =>
  directionSets[animation.directions as keyof typeof directionSets] as readonly Direction[];

/** A CSS background showing one cell of a sheet: frame `frame` of row `row`. */
export function sheetCell(url: string, animation: SheetAnimation, at: { frame: number; row: number }) {
  const { frames, directions } = animation;
  return {
    backgroundImage: `url("${url}")`,
    backgroundSize: `${frames * 100}% ${directions * 100}%`,
    backgroundPosition: `${frames > 1 ? (at.frame / (frames - 1)) * 100 : 0}% ${directions > 1 ? (at.row / (directions - 1)) * 100 : 0}%`,
  };
}

/**
 * Plays one row of a sheet: its frames in turn at the action's speed, with the frame before it
 * faint if asked; or, with `still`, holds that frame (a frame chosen below it).
 */
export function SheetPlayer(props: {
  image: ObjectImageView;
  animation: SheetAnimation;
  name: string;
  direction: Direction;
  onDirectionChange(direction: Direction): void;
  still: number | null;
}) {
  const { image, animation, direction } = props;
  const id = useId();
  const directions = sheetDirections(animation);
  const [speed, setSpeed] = useState<(typeof speeds)[number]>("1");
  const [playing, setPlaying] = useState(true);
  const [onion, setOnion] = useState(false);
  const [playedFrame, setFrame] = useState(0);
  const fps = actionSpeeds[animation.action] * Number(speed);
  const frame = props.still ?? playedFrame;
  const moving = playing && props.still === null;

  useEffect(() => {
    if (!moving) return;
    const timer = window.setInterval(
      () =>
        setFrame((shown) => (animation.loop || shown < animation.frames - 1 ? (shown + 1) % animation.frames : shown)),
      1000 / fps,
    );
    return () => window.clearInterval(timer);
  }, [moving, fps, animation.frames, animation.loop]);

  const row = Math.max(0, directions.indexOf(direction));
  const layer = (at: number) => sheetCell(image.url, animation, { frame: at, row });
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
          disabled={props.still !== null}
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
        <Picker<Direction>
          id={`${id}-direction`}
          label="Facing"
          value={direction}
          options={directions.map((value) => ({ value, label: directionNames[value] }))}
          onChange={props.onDirectionChange}
        />
      )}
      <Switch label="Onion skin" hint="The frame before, faint, under this one" checked={onion} onChange={setOnion} />
    </div>
  );
}
