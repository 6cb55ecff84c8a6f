import { describe, expect, it } from "vitest";
import type { JobView } from "#domain/objects";
import { applyLiveEvent, mergeJob, objectState, pendingImages, type LiveJobs } from "~/lib/state/job-progress";

const job = (over: Partial<JobView> = {}): JobView => ({
  id: "j1",
  kind: "object-images",
  status: "running",
  title: "2 objects",
  styleId: "s1",
  provider: "openai",
  modelLabel: "OpenAI gpt-image-1.5",
  credits: 12,
  refundedCredits: 0,
  error: null,
  total: 4,
  completed: 1,
  objects: [
    { id: "a", name: "Chest", completed: 1, total: 2 },
    { id: "b", name: "Potion", completed: 0, total: 2 },
  ],
  createdAt: "2026-01-01T00:00:00.000Z",
  finishedAt: null,
  ...over,
});

const progress = (objectId: string, imageId: string, completed: number) =>
  ({
    type: "job-progress",
    data: { jobId: "j1", kind: "object-images", styleId: "s1", objectId, imageId, completed, total: 4 },
  }) as const;

describe("applyLiveEvent and mergeJob", () => {
  it("counts each image once per object and never moves progress back", () => {
    let live: LiveJobs = {};
    live = applyLiveEvent(live, progress("b", "i2", 2));
    live = applyLiveEvent(live, progress("b", "i2", 2));
    live = applyLiveEvent(live, progress("a", "i1", 1));
    expect(live.j1).toMatchObject({ completed: 2, total: 4, images: { a: ["i1"], b: ["i2"] } });
    const merged = mergeJob(job(), live.j1);
    expect(merged.completed).toBe(2);
    expect(merged.objects.map((o) => o.completed)).toEqual([1, 1]);
  });

  it("shows steps within the next image, and drops them when an image is stored or the job ends", () => {
    const step = (completed: number, at: number) =>
      ({
        type: "job-progress",
        data: {
          jobId: "j1",
          kind: "object-images",
          styleId: "s1",
          objectId: null,
          imageId: null,
          completed,
          total: 4,
          step: { step: at, steps: 20 },
        },
      }) as const;
    let live: LiveJobs = {};
    live = applyLiveEvent(live, step(0, 5));
    expect(mergeJob(job({ completed: 0 }), live.j1).step).toEqual({ step: 5, steps: 20 });
    live = applyLiveEvent(live, progress("a", "i1", 1));
    expect(live.j1!.step).toBeNull();
    // A step of the first image arriving after it was stored is not shown against the second.
    live = applyLiveEvent(live, step(0, 19));
    expect(live.j1!.step).toBeNull();
    live = applyLiveEvent(live, step(1, 3));
    expect(mergeJob(job({ completed: 1 }), live.j1).step).toEqual({ step: 3, steps: 20 });
    // The loader already counts an image the stream has not: the step was for that one.
    expect(mergeJob(job({ completed: 2 }), live.j1).step).toBeNull();
    expect(mergeJob(job({ completed: 1, status: "canceled" }), live.j1).step).toBeNull();
  });

  it("takes a finished status from the stream over an unfinished one from the loader", () => {
    const live = applyLiveEvent(
      {},
      {
        type: "job",
        data: {
          jobId: "j1",
          kind: "object-images",
          styleId: "s1",
          status: "canceled",
          error: null,
          refunded: true,
          credits: 15,
          refundedCredits: 9,
        },
      },
    );
    expect(mergeJob(job(), live.j1).status).toBe("canceled");
    expect(mergeJob(job({ status: "succeeded" }), { ...live.j1!, status: "running" }).status).toBe("succeeded");
  });

  it("leaves a job alone without news and ignores credit events", () => {
    expect(mergeJob(job(), undefined)).toEqual(job());
    const live = {};
    expect(applyLiveEvent(live, { type: "credits", data: { credits: 1, version: 1 } })).toBe(live);
  });
});

describe("pendingImages and objectState", () => {
  it("counts what unfinished jobs still owe an object", () => {
    const variations = job({
      id: "j2",
      kind: "variations",
      objects: [{ id: "a", name: "Chest", completed: 0, total: 3 }],
    });
    expect(pendingImages([job(), variations], "a")).toBe(4);
    expect(pendingImages([job({ status: "failed" })], "a")).toBe(0);
    expect(pendingImages([job()], "zzz")).toBe(0);
  });

  it("says where each object stands", () => {
    expect(objectState({ completed: 0, total: 2 }, "queued")).toBe("waiting");
    expect(objectState({ completed: 1, total: 2 }, "running")).toBe("working");
    expect(objectState({ completed: 2, total: 2 }, "running")).toBe("done");
    expect(objectState({ completed: 1, total: 2 }, "canceled")).toBe("stopped");
  });
});
