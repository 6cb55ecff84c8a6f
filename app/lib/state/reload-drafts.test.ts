import { describe, expect, it } from "vitest";
import { z } from "zod";
import { DRAFT_MAX_AGE_MS, registerDraft, saveDrafts, takeDraft } from "~/lib/state/reload-drafts";

function memoryStorage() {
  const map = new Map<string, string>();
  return {
    map,
    getItem: (k: string) => map.get(k) ?? null,
    setItem: (k: string, v: string) => void map.set(k, v),
    removeItem: (k: string) => void map.delete(k),
  };
}

const schema = z.object({ text: z.string() });

describe("reload drafts", () => {
  it("saves what is registered and gives it back once", () => {
    const storage = memoryStorage();
    let text = "first";
    const unregister = registerDraft("form", () => ({ text }));
    text = "typed later";
    saveDrafts(storage, 1_000);
    unregister();
    expect(takeDraft(storage, "form", schema, 2_000)).toEqual({ text: "typed later" });
    expect(takeDraft(storage, "form", schema, 2_000)).toBeNull();
  });

  it("keeps nothing for a form with nothing worth keeping, or once it is gone", () => {
    const storage = memoryStorage();
    const unregister = registerDraft("empty", () => undefined);
    registerDraft("gone", () => ({ text: "x" }))();
    saveDrafts(storage);
    unregister();
    expect(storage.map.size).toBe(0);
  });

  it("drops stale or malformed drafts", () => {
    const storage = memoryStorage();
    storage.setItem("motif-draft:old", JSON.stringify({ savedAt: 0, value: { text: "old" } }));
    storage.setItem("motif-draft:bad", JSON.stringify({ savedAt: 0, value: { text: 42 } }));
    storage.setItem("motif-draft:junk", "{not json");
    expect(takeDraft(storage, "old", schema, DRAFT_MAX_AGE_MS + 1)).toBeNull();
    expect(takeDraft(storage, "bad", schema, 1)).toBeNull();
    expect(takeDraft(storage, "junk", schema, 1)).toBeNull();
    expect(storage.map.size).toBe(0);
  });
});
