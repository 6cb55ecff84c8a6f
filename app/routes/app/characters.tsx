import { ChevronRight, Plus, UserRound } from "lucide-react";
import { useState, type FormEvent } from "react";
import { useNavigate } from "react-router";
import { AppLink } from "~/components/app-link";
import { createCharacterSchema } from "#domain/requests/training";
import { EmptyState } from "~/components/empty-state";
import { PageHeader } from "~/components/page-header";
import { Button } from "~/components/ui/button";
import { DialogFormActions } from "~/components/ui/dialog-form-actions";
import { ModalDialog } from "~/components/ui/sheet-dialog";
import { TextField } from "~/components/ui/text-field";
import { fieldErrors } from "~/lib/api/api";
import { callApi } from "~/lib/api/api-client";
import { refusalMessage } from "~/lib/words/refusal-message";
import { toast } from "~/lib/state/toast-store";
import { characterCards, characterSeed } from "#server/learning/character-pages.server";
import { servicesContext } from "#server/ui/context";
import { workspaceContext } from "#server/ui/require-user.server";
import type { Route } from "./+types/characters";

export function meta() {
  return [{ title: "Characters · Motif" }];
}

// ?from=<objectId>: "Make a character" on an object's page opens the dialog with its name and image.
export async function loader({ context, request }: Route.LoaderArgs) {
  const db = context.get(servicesContext).database.db;
  const workspaceId = context.get(workspaceContext).id;
  const from = new URL(request.url).searchParams.get("from");
  return {
    characters: await characterCards(db, workspaceId),
    seed: from ? await characterSeed(db, { workspaceId, objectId: from }) : null,
  };
}

type Seed = Route.ComponentProps["loaderData"]["seed"];

function NewCharacterDialog(props: { open: boolean; seed: Seed; onOpenChange(open: boolean): void }) {
  const { seed } = props;
  const [name, setName] = useState(seed?.name ?? "");
  const [description, setDescription] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const navigate = useNavigate();

  async function submit(event: FormEvent) {
    event.preventDefault();
    const body = { name, description, ...(seed ? { imageIds: [seed.imageId] } : {}) };
    const parsed = createCharacterSchema.safeParse(body);
    if (!parsed.success) {
      return setErrors(Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path[0]), issue.message])));
    }
    setErrors({});
    setBusy(true);
    try {
      const { character } = await callApi("post", "/api/characters", { body });
      toast({
        title: "Character made",
        description: `Add pictures of ${character.name}, or draw it in a style.`,
        color: "success",
      });
      await navigate(`/app/characters/${character.id}`);
    } catch (failure) {
      const fields = fieldErrors(failure);
      if (fields.name || fields.description) setErrors(fields);
      else toast.error("Character error", refusalMessage(failure, "The character was not made. Please try again."));
      setBusy(false);
    }
  }

  return (
    <ModalDialog
      open={props.open}
      onOpenChange={props.onOpenChange}
      title="New character"
      description={
        seed
          ? `Made from ${seed.name}'s image, which becomes its first picture. Draw it in any style.`
          : "A named subject you draw in any style: the same hero in pixel art and in paint. Add its pictures next."
      }
    >
      <form onSubmit={(event) => void submit(event)} noValidate className="grid gap-5">
        {seed && (
          <img
            src={`/api/images/${seed.imageId}`}
            alt={`${seed.name}'s image`}
            className="size-24 rounded-xl bg-neutral-100 object-contain ring-1 ring-black/5 dark:bg-neutral-800 dark:ring-white/10"
          />
        )}
        <TextField
          label="Name"
          placeholder="Sir Brann"
          maxLength={80}
          value={name}
          onChange={(e) => setName(e.target.value)}
          error={errors.name}
          autoFocus
        />
        <TextField
          label="What it looks like"
          hint="Every image of it carries these words."
          placeholder="a knight in dented silver armour, red plume"
          maxLength={300}
          value={description}
          onChange={(e) => setDescription(e.target.value)}
          error={errors.description}
        />
        <DialogFormActions busy={busy} submitLabel="Make character" onCancel={() => props.onOpenChange(false)} />
      </form>
    </ModalDialog>
  );
}

/** The workspace's characters, and making a new one. */
export default function CharactersPage({ loaderData }: Route.ComponentProps) {
  const [creating, setCreating] = useState(Boolean(loaderData.seed));
  const newCharacter = (
    <Button onClick={() => setCreating(true)}>
      <Plus aria-hidden className="size-4" />
      New character
    </Button>
  );
  return (
    <>
      <PageHeader
        title="Characters"
        description="The same hero, mascot or product in every style: its pictures go first with every image of it."
        actions={loaderData.characters.length > 0 ? newCharacter : undefined}
      />
      {loaderData.characters.length === 0 ? (
        <EmptyState icon={UserRound} title="No characters yet" action={newCharacter}>
          Make one from an object's image (“Make a character” on its page) or from your own pictures, then choose it in
          the composer to draw it in any style. Train it and a model learns it.
        </EmptyState>
      ) : (
        <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3" aria-label="Your characters">
          {loaderData.characters.map((character) => (
            <li key={character.id}>
              <AppLink
                to={`/app/characters/${character.id}`}
                className="group flex items-center gap-4 rounded-2xl border border-neutral-200 bg-white p-4 transition hover:border-primary-300 hover:shadow-sm dark:border-neutral-800 dark:bg-neutral-900 dark:hover:border-primary-800"
              >
                {character.cover ? (
                  <img
                    src={character.cover}
                    alt=""
                    className="size-14 shrink-0 rounded-xl bg-neutral-100 object-contain dark:bg-neutral-800"
                  />
                ) : (
                  <span className="grid size-14 shrink-0 place-items-center rounded-xl bg-neutral-100 text-neutral-500 dark:bg-neutral-800">
                    <UserRound aria-hidden className="size-6" />
                  </span>
                )}
                <span className="min-w-0 flex-1">
                  <span className="block truncate font-semibold">{character.name}</span>
                  <span className="text-sm text-neutral-600 dark:text-neutral-400">
                    {character.pictureCount} picture{character.pictureCount === 1 ? "" : "s"}
                    {character.trained && " · trained"}
                  </span>
                </span>
                <ChevronRight aria-hidden className="size-5 text-neutral-400 transition group-hover:translate-x-0.5" />
              </AppLink>
            </li>
          ))}
        </ul>
      )}
      <NewCharacterDialog open={creating} seed={loaderData.seed} onOpenChange={setCreating} />
    </>
  );
}
