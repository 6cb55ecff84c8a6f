import { Sparkles } from "lucide-react";
import { useState } from "react";
import { useNavigate } from "react-router";
import { AppLink } from "~/components/app-link";
import { DeleteButton } from "~/components/ui/delete-button";
import { Breadcrumb } from "~/components/breadcrumb";
import { LearningPanel } from "~/components/learning/learning-panel";
import { buttonClasses } from "~/components/ui/button";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { callApi } from "~/lib/api/api-client";
import { toast } from "~/lib/state/toast-store";
import { refusalMessage } from "~/lib/words/refusal-message";
import { getCharacter } from "#server/learning/characters.server";
import { withRouteErrors } from "#server/http/route-errors.server";
import { servicesContext } from "#server/ui/context";
import { workspaceContext } from "#server/ui/require-user.server";
import type { Route } from "./+types/character";

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData ? `${loaderData.character.name} · Characters · Motif` : "Character · Motif" }];
}

// Another workspace's character reads as missing: its id tells nobody it exists.
export const loader = withRouteErrors(async ({ params, context }: Route.LoaderArgs) => {
  const character = await getCharacter(context.get(servicesContext).database.db, {
    workspaceId: context.get(workspaceContext).id,
    characterId: params.characterId,
  });
  return { character: { id: character.id, name: character.name, description: character.description } };
});

/** One character: its pictures and training, drawing it in a style, deleting it. */
export default function CharacterPage({ loaderData }: Route.ComponentProps) {
  const { character } = loaderData;
  const [deleting, setDeleting] = useState(false);
  const navigate = useNavigate();

  async function remove() {
    try {
      await callApi("delete", "/api/characters/:id", { params: { id: character.id } });
      toast({ title: "Character deleted", description: `${character.name} and its pictures are gone.` });
      await navigate("/app/characters", { replace: true });
    } catch (error) {
      toast.error("Delete error", refusalMessage(error, "The character could not be deleted. Please try again."));
    }
  }

  return (
    <>
      <Breadcrumb list={{ to: "/app/characters", label: "Characters" }} current={character.name} />
      <div className="mb-6 flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div className="min-w-0">
          <h1 className="text-2xl font-semibold tracking-tight break-words sm:text-3xl">{character.name}</h1>
          {character.description && (
            <p className="mt-2 max-w-2xl text-neutral-700 wrap-anywhere dark:text-neutral-300">
              {character.description}
            </p>
          )}
        </div>
        <div className="flex flex-wrap gap-2">
          <AppLink to={`/app?character=${encodeURIComponent(character.id)}`} className={buttonClasses("primary")}>
            <Sparkles aria-hidden className="size-4" /> Draw in a style
          </AppLink>
          <DeleteButton id="delete-character-button" onClick={() => setDeleting(true)} />
        </div>
      </div>
      <div className="max-w-3xl">
        <LearningPanel subject={{ learns: "character", id: character.id, name: character.name }} />
      </div>
      <ConfirmDialog
        open={deleting}
        onOpenChange={setDeleting}
        title={`Delete ${character.name}?`}
        description="Its pictures and kept weights are deleted; a training under way is stopped and refunded by the rule. Images drawn of it stay."
        confirmLabel="Delete character"
        onConfirm={() => void remove()}
      />
    </>
  );
}
