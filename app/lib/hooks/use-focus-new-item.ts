import { useCallback, useEffect, useRef } from "react";

/**
 * After something is created in a dialog, focus belongs on the new thing, not
 * on the button that opened the dialog. `expectNew()` notes the ids shown now;
 * when the list next shows an id that was not among them, the element marked
 * `data-focus-target` inside `[data-item-id="<id>"]` is focused.
 */
export function useFocusNewItem(ids: readonly string[]): () => void {
  const before = useRef<Set<string> | null>(null);
  useEffect(() => {
    if (!before.current) return;
    const added = ids.find((id) => !before.current!.has(id));
    if (!added) return;
    before.current = null;
    const item = document.querySelector(`[data-item-id="${CSS.escape(added)}"]`);
    item?.querySelector<HTMLElement>("[data-focus-target]")?.focus();
  }, [ids]);
  return useCallback(() => {
    before.current = new Set(ids);
  }, [ids]);
}
