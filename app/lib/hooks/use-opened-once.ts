import { useState } from "react";

/**
 * Whether `open` has ever been true: a dialog's code loads the first time it opens
 * (docs/decisions/127) and stays mounted after, so it closes with its animation and its
 * focus handling, and opens again at once.
 */
export function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  // Set while rendering, as React allows for state derived from props: no render without it.
  if (open && !opened) setOpened(true);
  return opened || open;
}
