import { useCallback, useEffect, useState } from "react";
import type { CharacterView, TrainingView } from "#domain/training";
import { callApi, type ApiReply } from "~/lib/api/api-client";
import { subscribeLiveEvents } from "~/lib/api/live-events";

export type StyleLearning = ApiReply<"get", "/api/styles/:id/training">;
export type Trainer = StyleLearning["trainers"][number];

/** What a style or character has to learn from and has learned, read afresh as its trainings move. */
export interface Learning {
  pictures: CharacterView["pictures"];
  trainings: TrainingView[];
  trainers: Trainer[];
}

/**
 * A style's or character's pictures, trainings and trainers, fetched on mount and again whenever a
 * `training` event of the workspace arrives (progress, an end), so the page follows a training live.
 */
export function useLearning(subject: { learns: "style" | "character"; id: string }) {
  const [learning, setLearning] = useState<Learning | null>(null);
  const [failed, setFailed] = useState(false);
  const { learns, id } = subject;
  const reload = useCallback(async () => {
    try {
      if (learns === "style") {
        setLearning(await callApi("get", "/api/styles/:id/training", { params: { id } }));
      } else {
        const [{ character }, { trainers }] = await Promise.all([
          callApi("get", "/api/characters/:id", { params: { id } }),
          callApi("get", "/api/characters"),
        ]);
        setLearning({ pictures: character.pictures, trainings: character.trainings, trainers });
      }
      setFailed(false);
    } catch {
      setFailed(true);
    }
  }, [learns, id]);
  useEffect(() => {
    void reload();
    return subscribeLiveEvents((event) => {
      if (event.type !== "training" || event.data.subjectId !== id) return;
      // The event is the training as it now stands: shown at once, without a round trip.
      setLearning(
        (current) =>
          current && {
            ...current,
            trainings: current.trainings.some((t) => t.id === event.data.id)
              ? current.trainings.map((t) => (t.id === event.data.id ? event.data : t))
              : [event.data, ...current.trainings],
          },
      );
    });
  }, [id, reload]);
  return { learning, failed, reload };
}
