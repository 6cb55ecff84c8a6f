import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { jobStartToast, watchJobEndings } from "~/lib/words/job-start-toast";
import { toastStore } from "~/lib/state/toast-store";

/** The browser's EventSource, as far as live-events.ts uses it: events are sent by the test. */
class FakeEventSource {
  static last: FakeEventSource | null = null;
  static readonly CLOSED = 2;
  readyState = 1;
  private listeners = new Map<string, ((event: MessageEvent<string>) => void)[]>();
  constructor() {
    FakeEventSource.last = this;
  }
  addEventListener(type: string, listener: (event: MessageEvent<string>) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  close() {
    this.readyState = FakeEventSource.CLOSED;
  }
  send(type: string, data: unknown) {
    for (const listener of this.listeners.get(type) ?? []) {
      listener({ data: JSON.stringify(data) } as MessageEvent<string>);
    }
  }
}

const texts = { started: "Generating 2 objects", done: "2 objects made", prefix: "Harbour icons: " };
const jobEvent = (status: string, extra: Record<string, unknown> = {}) => ({
  jobId: "job_1",
  kind: "object-images",
  styleId: "st_1",
  status,
  error: null,
  refunded: false,
  credits: 6,
  refundedCredits: 0,
  ...extra,
});
const titles = () => toastStore.getAll().map((t) => t.title);

describe("the toast that says a job started", () => {
  beforeEach(() => {
    vi.stubGlobal("EventSource", FakeEventSource);
    toastStore.clear();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    toastStore.clear();
  });

  it("says it is starting while the job runs, with what was reserved", () => {
    expect(jobStartToast({ credits: 6 }, null, texts)).toEqual({
      title: "Generating 2 objects",
      description: "Harbour icons: 6 credits reserved. Anything that cannot be made is refunded.",
      color: "success",
    });
  });

  it("says it was made when the job ended before its start was answered, never that it is starting", () => {
    const watch = watchJobEndings();
    // The job's live events arrive first: its card already shows Done.
    FakeEventSource.last!.send("job", jobEvent("running"));
    FakeEventSource.last!.send("job", jobEvent("succeeded"));
    watch.toastStarted({ id: "job_1", credits: 6 }, texts);
    expect(titles()).toEqual(["2 objects made"]);
    expect(toastStore.getAll()[0]!.description).toBe("Harbour icons: 6 credits spent.");
  });

  it("leaves a job that failed or was cancelled before the answer to the toasts that say so", () => {
    const watch = watchJobEndings();
    FakeEventSource.last!.send("job", jobEvent("failed", { refunded: true, refundedCredits: 6 }));
    watch.toastStarted({ id: "job_1", credits: 6 }, texts);
    expect(titles()).toEqual([]);
  });

  it("says it is starting when only another job ended, and stops listening once answered", () => {
    const watch = watchJobEndings();
    const stream = FakeEventSource.last!;
    stream.send("job", jobEvent("succeeded", { jobId: "job_other" }));
    watch.toastStarted({ id: "job_1", credits: 0 }, texts);
    expect(titles()).toEqual(["Generating 2 objects"]);
    expect(toastStore.getAll()[0]!.description).toBe("Harbour icons: Free preview: nothing is charged.");
    // Nobody else listened: the stream is closed, once (stop after the toast is harmless).
    expect(stream.readyState).toBe(FakeEventSource.CLOSED);
    watch.stop();
  });

  it("counts only what was kept of a partly refunded job", () => {
    expect(
      jobStartToast(
        { credits: 12 },
        { status: "succeeded", refunded: true, credits: 12, refundedCredits: 3 },
        { started: "Making 4 images", done: "4 images made" },
      ),
    ).toMatchObject({ title: "4 images made", description: expect.stringMatching(/^9 credits spent\. 3 credits/) });
  });
});
