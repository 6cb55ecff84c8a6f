import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  createToastStore,
  DEFAULT_TOAST,
  ERROR_TIMEOUT_MS,
  MAX_VISIBLE_TOASTS,
  REMOVE_DELAY_MS,
  SUCCESS_TIMEOUT_MS,
  DEFAULT_TIMEOUT_MS,
} from "~/lib/state/toast-store";

describe("toast store", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("uses the spec's timeouts per colour", () => {
    const store = createToastStore();
    store.add({ title: "a", color: "error" });
    store.add({ title: "b", color: "success" });
    store.add({ title: "c" });
    expect(store.getAll().map((t) => t.timeout)).toEqual([ERROR_TIMEOUT_MS, SUCCESS_TIMEOUT_MS, DEFAULT_TIMEOUT_MS]);
    expect([ERROR_TIMEOUT_MS, SUCCESS_TIMEOUT_MS, DEFAULT_TIMEOUT_MS]).toEqual([7000, 5000, 5000]);
  });

  it("keeps an explicit timeout", () => {
    const store = createToastStore();
    store.add({ title: "a", color: "error", timeout: 1234 });
    expect(store.getAll()[0]?.timeout).toBe(1234);
  });

  it("shows the default text when given neither title nor description", () => {
    const store = createToastStore();
    store.add();
    expect(store.getAll()[0]).toMatchObject({
      title: "Something went wrong",
      description: "An error occurred, please try again!",
      open: true,
    });
    expect(DEFAULT_TOAST.title).toBe("Something went wrong");
  });

  it("shows at most five, the newest, and keeps the rest queued", () => {
    const store = createToastStore();
    const ids = Array.from({ length: 7 }, (_, i) => store.add({ title: `t${i}` }));
    expect(MAX_VISIBLE_TOASTS).toBe(5);
    expect(store.getVisible().map((t) => t.title)).toEqual(["t2", "t3", "t4", "t5", "t6"]);
    expect(store.getAll()).toHaveLength(7);
    store.remove(ids[6]!);
    expect(store.getVisible().map((t) => t.title)).toEqual(["t1", "t2", "t3", "t4", "t5"]);
  });

  it("goes open → closed, and is removed 200 ms after closing", () => {
    const store = createToastStore();
    const id = store.add({ title: "bye" });
    store.dismiss(id);
    expect(store.getAll()[0]?.open).toBe(false);
    vi.advanceTimersByTime(REMOVE_DELAY_MS - 1);
    expect(store.getAll()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(store.getAll()).toHaveLength(0);
    expect(REMOVE_DELAY_MS).toBe(200);
  });

  it("ignores a second dismiss of the same toast", () => {
    const store = createToastStore();
    const listener = vi.fn();
    const id = store.add({ title: "once" });
    store.subscribe(listener);
    store.dismiss(id);
    store.dismiss(id);
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it("replaces a toast added again with the same id", () => {
    const store = createToastStore();
    store.add({ id: "x", title: "first" });
    store.add({ id: "x", title: "second" });
    expect(store.getAll().map((t) => t.title)).toEqual(["second"]);
  });

  it("returns the same visible array until something changes", () => {
    const store = createToastStore();
    store.add({ title: "a" });
    const first = store.getVisible();
    expect(store.getVisible()).toBe(first);
    store.add({ title: "b" });
    expect(store.getVisible()).not.toBe(first);
  });

  it("notifies subscribers and stops after unsubscribe", () => {
    const store = createToastStore();
    const listener = vi.fn();
    const unsubscribe = store.subscribe(listener);
    store.add({ title: "a" });
    unsubscribe();
    store.add({ title: "b" });
    expect(listener).toHaveBeenCalledTimes(1);
  });
});
