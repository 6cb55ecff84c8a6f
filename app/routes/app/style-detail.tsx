import { Download, Palette, Pencil, Sparkles } from "lucide-react";
import { useState } from "react";
import { useNavigate } from "react-router";
import { AppLink } from "~/components/app-link";
import { AppError } from "#domain/errors";
import { useAuthActions } from "~/components/auth-provider";
import { NormaliseButton } from "~/components/objects/normalise-dialog";
import { useSampleViewer } from "~/components/sample-viewer";
import { StyleFacts } from "~/components/style-page/style-facts";
import { LearningPanel } from "~/components/learning/learning-panel";
import { StyleObjects } from "~/components/style-page/style-objects";
import { StyleSamples } from "~/components/style-page/style-samples";
import { DeleteButton } from "~/components/ui/delete-button";
import { Button, buttonClasses } from "~/components/ui/button";
import { Breadcrumb } from "~/components/breadcrumb";
import { loadedOnUse } from "~/components/ui/loaded-on-use";
import { formatDate } from "~/lib/words/object-format";
import { useTakeDraft } from "~/lib/state/reload-drafts";
import { editStyleDraft, offeredModel, type EditStyleDraft } from "~/lib/state/form-drafts";
import { useCoalescedRevalidate, useLiveJobs } from "~/lib/hooks/use-live-jobs";
import { useLiveStyles } from "~/lib/hooks/use-live-styles";
import { useModels } from "~/lib/hooks/use-models";
import { useStyleActions } from "~/lib/hooks/use-style-actions";
import { workspaceContext } from "#server/ui/require-user.server";
import { servicesContext } from "#server/ui/context";
import { withRouteErrors } from "#server/http/route-errors.server";
import { loadStylePage } from "#server/styles/style-page.server";
import { followToItsWorkspace } from "#server/ui/record-links.server";
import type { Route } from "./+types/style-detail";

// Opened on request: their code loads then (docs/decisions/127).
const EditStyleDialog = loadedOnUse(() => import("~/components/edit-style-dialog").then((m) => m.EditStyleDialog));
const DownloadDialog = loadedOnUse(() => import("~/components/objects/download-dialog").then((m) => m.DownloadDialog));
const RecolourDialog = loadedOnUse(() => import("~/components/objects/recolour-dialog").then((m) => m.RecolourDialog));
const DeleteStyleDialog = loadedOnUse(() =>
  import("~/components/delete-style-dialog").then((m) => m.DeleteStyleDialog),
);

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData ? `${loaderData.style.name} · Styles · Motif` : "Style · Motif" }];
}

// Someone else's style reads as missing (not_found → the 404 page): its id tells nobody it exists.
// A link to a style of another workspace the person is in opens it there.
export const loader = withRouteErrors(async ({ params, context, request }: Route.LoaderArgs) => {
  const services = context.get(servicesContext);
  const workspace = context.get(workspaceContext);
  const page = await loadStylePage(services.database.db, {
    workspaceId: workspace.id,
    styleId: params.styleId,
    signer: services.imageUrls,
  });
  if (!page) {
    await followToItsWorkspace(context, request, { kind: "style", id: params.styleId });
    throw new AppError("not_found", "No such style.");
  }
  return { ...page, maxUploadBytes: services.config.generation.maxUploadBytes };
});

export default function StylePage({ loaderData }: Route.ComponentProps) {
  const { style, objects, objectCount } = loaderData;
  const navigate = useNavigate();
  const { refresh } = useAuthActions();
  const actions = useStyleActions(refresh);
  // One load per burst of live events: the samples' job and the objects being made in the style.
  const revalidate = useCoalescedRevalidate();
  const progress = useLiveStyles(revalidate);
  useLiveJobs(revalidate);
  const samples = useSampleViewer([style]);
  const { models } = useModels();
  const [editing, setEditing] = useState<{ draft?: EditStyleDraft } | null>(null);
  const [deleting, setDeleting] = useState(false);
  const [downloading, setDownloading] = useState(false);
  const [recolouring, setRecolouring] = useState(false);
  const generateHref = `/app?style=${encodeURIComponent(style.id)}`;
  // An edit of this style under way before a chunk reload: its dialog opens again with what was typed.
  useTakeDraft("edit-style", editStyleDraft, (draft) => {
    if (draft.styleId !== style.id) return;
    const defaultModel =
      draft.settings.defaultModel === style.defaultModel
        ? style.defaultModel
        : offeredModel(draft.settings.defaultModel, models);
    setEditing({ draft: { ...draft, settings: { ...draft.settings, defaultModel } } });
  });

  async function confirmDelete() {
    const gone = await actions.remove(style);
    setDeleting(false);
    if (gone) void navigate("/app/style", { replace: true });
  }

  return (
    <>
      <Breadcrumb list={{ to: "/app/style", label: "Styles" }} current={style.name} />

      <div className="mb-6 flex flex-col gap-4 lg:flex-row lg:items-end lg:justify-between">
        <div className="min-w-0">
          <h1 className="text-2xl font-semibold tracking-tight break-words sm:text-3xl">{style.name}</h1>
          {style.description ? (
            <p className="mt-2 max-w-2xl text-neutral-700 wrap-anywhere dark:text-neutral-300">{style.description}</p>
          ) : (
            style.derivedDescription && (
              <p className="mt-2 max-w-2xl text-neutral-700 wrap-anywhere dark:text-neutral-300">
                <span className="font-medium">Derived from its images: </span>
                {style.derivedDescription.slice(style.derivedDescription.indexOf(":") + 1).trim()}
              </p>
            )
          )}
          <p className="mt-2 text-sm text-neutral-600 dark:text-neutral-400">
            Made from {style.source === "image" ? "reference images" : "words"}
            {style.madeBy && <span data-testid="made-by"> by {style.madeBy}</span>} · {formatDate(style.createdAt)}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <AppLink to={generateHref} className={buttonClasses("primary")}>
            <Sparkles aria-hidden className="size-4" /> Generate objects
          </AppLink>
          <Button variant="secondary" onClick={() => setEditing({})}>
            <Pencil aria-hidden className="size-4" /> Edit
          </Button>
          <Button
            variant="secondary"
            disabled={objectCount === 0}
            title={objectCount === 0 ? "Nothing made in this style to download yet" : undefined}
            onClick={() => setDownloading(true)}
          >
            <Download aria-hidden className="size-4" /> Download all…
          </Button>
          <Button
            variant="secondary"
            disabled={objectCount === 0}
            title={objectCount === 0 ? "Nothing made in this style to recolour yet" : undefined}
            onClick={() => setRecolouring(true)}
          >
            <Palette aria-hidden className="size-4" /> Recolour all…
          </Button>
          <NormaliseButton
            scope={{ styleId: style.id }}
            objects={objects}
            count={objectCount}
            title={`Normalise everything in ${style.name}`}
            label="Normalise all…"
            onChanged={revalidate}
          />
          <DeleteButton id="delete-style-button" onClick={() => setDeleting(true)} />
        </div>
      </div>

      {/* Phone: samples, what the style is made of, then its objects; wide: the objects under the samples. */}
      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_20rem] lg:gap-8">
        <div className="min-w-0 lg:col-start-1 lg:row-start-1">
          <StyleSamples
            style={style}
            progress={progress[style.id]}
            onView={(index) => samples.view(style.id, index)}
            onCancel={() => actions.cancel(style)}
            onCompleteSamples={() => actions.completeSamples(style)}
            onRegenerateSamples={() => actions.regenerateSamples(style)}
            onKeepSamples={() => actions.keepSamples(style)}
          />
        </div>
        <aside
          aria-label="What the style is made of"
          className="grid gap-4 lg:col-start-2 lg:row-span-2 lg:row-start-1"
        >
          <StyleFacts style={style} />
          <LearningPanel subject={{ learns: "style", id: style.id, name: style.name }} references={style.references} />
        </aside>
        <div className="min-w-0 lg:col-start-1 lg:row-start-2">
          <StyleObjects
            styleId={style.id}
            styleName={style.name}
            objects={objects}
            count={objectCount}
            generateHref={generateHref}
          />
        </div>
      </div>

      {samples.viewer}
      {editing && (
        <EditStyleDialog
          style={style}
          draft={editing.draft}
          maxUploadBytes={loaderData.maxUploadBytes}
          otherNames={loaderData.otherNames}
          onClose={() => setEditing(null)}
          onSaved={revalidate}
        />
      )}
      {downloading && (
        <DownloadDialog
          selection={`styleId=${encodeURIComponent(style.id)}`}
          title={`Download everything in ${style.name}`}
          packageTitle={style.name}
          description="The images in a ZIP, packed into a sprite sheet for a game engine, or as an icon package."
          onClose={() => setDownloading(false)}
        />
      )}
      {recolouring && (
        <RecolourDialog
          scope={{ styleId: style.id }}
          objects={objects}
          count={objectCount}
          title={`Recolour everything in ${style.name}`}
          initialPalette={style.palette.length >= 2 ? style.palette : ["#264653", "#2a9d8f", "#e9c46a"]}
          onClose={() => setRecolouring(false)}
          onChanged={revalidate}
        />
      )}
      {deleting && (
        <DeleteStyleDialog
          name={style.name}
          onClose={() => setDeleting(false)}
          onConfirm={() => void confirmDelete()}
          returnFocusTo={() => document.getElementById("delete-style-button")}
        />
      )}
    </>
  );
}
