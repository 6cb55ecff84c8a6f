import { callApi } from "~/lib/api/api-client";
import { useLearning } from "~/lib/hooks/use-learning";
import { toast } from "~/lib/state/toast-store";
import { refusalMessage } from "~/lib/words/refusal-message";
import { Panel } from "../ui/panel";
import { LearningPictures } from "./learning-pictures";
import { TrainForm, type DatasetChoice } from "./train-form";
import { TrainingsList } from "./trainings-list";

/**
 * "Train this style" / "Train this character": the pictures it learns from, the trainings it had
 * (live) and the form that starts the next. A style trains on its references and the pictures
 * uploaded here; a character on its own pictures.
 */
export function LearningPanel(props: {
  subject: { learns: "style" | "character"; id: string; name: string };
  /** A style's reference images, which it can be trained on too. */
  references?: { id: string; url: string }[];
}) {
  const { subject } = props;
  const { learning, failed, reload } = useLearning(subject);
  const isStyle = subject.learns === "style";
  const uploadPath = isStyle ? `/api/styles/${subject.id}/training-pictures` : `/api/characters/${subject.id}/pictures`;

  async function remove(pictureId: string) {
    try {
      await callApi("delete", "/api/characters/:id/pictures/:pictureId", { params: { id: subject.id, pictureId } });
      await reload();
    } catch (error) {
      toast.error("Remove error", refusalMessage(error, "The picture could not be removed. Please try again."));
    }
  }

  const choices: DatasetChoice[] = [
    ...(props.references ?? []).map((r) => ({ source: "reference" as const, id: r.id, url: r.url })),
    ...(learning?.pictures ?? []).map((p) => ({ source: "picture" as const, id: p.id, url: p.url })),
  ];

  return (
    <Panel
      id={`learning-${subject.id}`}
      title={isStyle ? "Train this style" : "Pictures and training"}
      description={
        isStyle
          ? "A model trained on 5 to 50 pictures of the look draws it every time. Its references count; add more here."
          : "Its pictures go first with every image of it, for its identity. Train it, and the model learns it."
      }
    >
      {!learning ? (
        failed ? (
          <p role="alert" className="text-sm text-error-600 dark:text-error-400">
            The training could not be loaded.{" "}
            <button type="button" className="underline" onClick={() => void reload()}>
              Try again
            </button>
          </p>
        ) : (
          <div aria-busy className="grid gap-3" data-testid="learning-skeleton">
            <div className="h-16 animate-pulse rounded-xl bg-neutral-100 dark:bg-neutral-800" />
            <div className="h-10 w-40 animate-pulse rounded-xl bg-neutral-100 dark:bg-neutral-800" />
          </div>
        )
      ) : (
        <div className="grid gap-5">
          <LearningPictures
            label={isStyle ? `Pictures to train ${subject.name} on` : `Pictures of ${subject.name}`}
            uploadPath={uploadPath}
            pictures={learning.pictures}
            onRemove={isStyle ? undefined : remove}
            onChanged={() => void reload()}
          />
          <TrainingsList trainings={learning.trainings} onChanged={() => void reload()} />
          <TrainForm subject={subject} trainers={learning.trainers} choices={choices} onStarted={() => void reload()} />
        </div>
      )}
    </Panel>
  );
}
