import type { AnimationAction } from "#domain/animation";

/** How a frame moves the drawing: offsets as shares of the cell, a turn in degrees, a squash and stretch. */
export interface Pose {
  dx: number;
  dy: number;
  turn: number;
  scaleX: number;
  scaleY: number;
  /** 0 to 1: how far the drawing has faded (a death's end). */
  fade: number;
}

const still: Pose = { dx: 0, dy: 0, turn: 0, scaleX: 1, scaleY: 1, fade: 0 };

/**
 * Preview motion: what the preview engine can honestly do with one drawing — bob, squash and
 * stretch, sway, lunge, shake and fall — for frame `t` of a loop (0 ≤ t < 1).
 */
export function poseAt(action: AnimationAction, t: number): Pose {
  const wave = Math.sin(2 * Math.PI * t);
  const twice = Math.sin(4 * Math.PI * t);
  switch (action) {
    case "idle":
      return { ...still, scaleY: 1 + 0.03 * wave, scaleX: 1 - 0.015 * wave };
    case "walk":
      return { ...still, turn: 4 * wave, scaleY: 1 - 0.04 * Math.abs(twice), dx: 0.01 * wave };
    case "run":
      return { ...still, turn: 8 + 5 * wave, scaleY: 1 - 0.07 * Math.abs(twice), scaleX: 1 + 0.04 * Math.abs(twice) };
    case "jump": {
      // Crouch, stretch up, float, land squashed.
      const squash =
        t < 0.2 ? 0.15 * Math.sin((t / 0.2) * Math.PI) : t > 0.8 ? 0.12 * Math.sin(((t - 0.8) / 0.2) * Math.PI) : 0;
      const stretch = t >= 0.2 && t <= 0.5 ? 0.12 * Math.sin(((t - 0.2) / 0.3) * Math.PI) : 0;
      return { ...still, scaleY: 1 - squash + stretch, scaleX: 1 + squash - stretch / 2 };
    }
    case "attack": {
      const lunge = t < 0.5 ? Math.sin(t * Math.PI) : Math.sin(t * Math.PI) * 0.6;
      return { ...still, dx: 0.12 * lunge, turn: 14 * lunge, scaleX: 1 + 0.06 * lunge };
    }
    case "hurt":
      return { ...still, dx: 0.04 * Math.sin(6 * Math.PI * t) * (1 - t), turn: -8 * Math.sin(Math.PI * t) };
    case "die":
      return { ...still, turn: -90 * Math.min(1, t * 1.25), fade: Math.max(0, (t - 0.6) / 0.4) * 0.6 };
  }
}
