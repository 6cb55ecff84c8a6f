/**
 * Runs the work it is given one piece at a time, each after the one before has settled (a
 * failure does not stop the next). For a render thread: React yields between pieces of its
 * work, and documents rendered side by side would each keep their half-made pages alive
 * across the others' garbage collections.
 */
export function inTurn(): (work: () => Promise<void>) => Promise<void> {
  let previous: Promise<void> = Promise.resolve();
  return (work) => {
    const next = previous.then(work);
    // The chain itself never fails, so a failed piece does not stop the next.
    previous = next.catch(() => undefined);
    return next;
  };
}
