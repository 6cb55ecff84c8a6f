import { useEffect, useRef } from "react";
import type { z } from "zod";

/**
 * Spec §4: a chunk-load failure reloads the page, and "state is kept". Forms
 * register what the user has typed; just before that reload the drafts are
 * written to sessionStorage, and the next page takes each one back once.
 */
const PREFIX = "motif-draft:";
/** A draft older than this is from another visit, not from the reload that just happened. */
export const DRAFT_MAX_AGE_MS = 60_000;

type DraftStorage = Pick<Storage, "getItem" | "setItem" | "removeItem">;

/**
 * Loads the schema a saved draft is checked against. Only a page with a draft to restore loads
 * it (draft-schemas.ts), so zod stays off every page's first load.
 */
export type DraftSchema<T> = () => Promise<z.ZodType<T>>;

const readers = new Map<string, () => unknown>();

/** Registers `read` as the current draft for `key` until the returned function is called. */
export function registerDraft(key: string, read: () => unknown): () => void {
  readers.set(key, read);
  return () => {
    if (readers.get(key) === read) readers.delete(key);
  };
}

/** Writes every registered draft, stamped with `now`. */
export function saveDrafts(storage: DraftStorage, now = Date.now()): void {
  for (const [key, read] of readers) {
    const value = read();
    if (value !== undefined) storage.setItem(`${PREFIX}${key}`, JSON.stringify({ savedAt: now, value }));
  }
}

/** The saved draft for `key`, if recent and valid; it is removed either way, so it comes back only once. */
export function takeDraft<T>(storage: DraftStorage, key: string, schema: z.ZodType<T>, now = Date.now()): T | null {
  const raw = storage.getItem(`${PREFIX}${key}`);
  if (raw === null) return null;
  storage.removeItem(`${PREFIX}${key}`);
  try {
    const saved = JSON.parse(raw) as { savedAt?: unknown; value?: unknown };
    if (typeof saved.savedAt !== "number" || now - saved.savedAt > DRAFT_MAX_AGE_MS) return null;
    const parsed = schema.safeParse(saved.value);
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** Keeps `value` as the draft for `key` while mounted (undefined: nothing worth keeping). */
export function useKeepDraft<T>(key: string, value: T | undefined) {
  const latest = useRef(value);
  latest.current = value;
  useEffect(() => registerDraft(key, () => latest.current), [key]);
}

/**
 * After a chunk reload, calls `restore` once with the draft saved for `key`. A form
 * that is not mounted until its draft says so (a dialog) takes it in its page.
 */
export function useTakeDraft<T>(key: string, schema: DraftSchema<T>, restore: (draft: T) => void) {
  const restoreRef = useRef(restore);
  restoreRef.current = restore;
  useEffect(() => {
    let storage: DraftStorage;
    try {
      storage = window.sessionStorage;
      if (storage.getItem(`${PREFIX}${key}`) === null) return;
    } catch {
      return; // sessionStorage unavailable: nothing to restore.
    }
    let mounted = true;
    void schema().then((loaded) => {
      if (!mounted) return; // left for the next mount to take
      const draft = takeDraft(storage, key, loaded);
      if (draft !== null) restoreRef.current(draft);
    });
    return () => {
      mounted = false;
    };
    // Restored on mount only, after hydration, so the server's HTML still matches.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
}

/** Both halves for a form that is always mounted: keeps `value` for `key`, and restores it once. */
export function useReloadDraft<T>(
  key: string,
  value: T | undefined,
  schema: DraftSchema<T>,
  restore: (draft: T) => void,
) {
  useKeepDraft(key, value);
  useTakeDraft(key, schema, restore);
}
