import { Cpu, Palette, Plus } from "lucide-react";
import { useMemo, useState } from "react";
import { useNavigate, useNavigation, useRevalidator, useSearchParams } from "react-router";
import { useAuthActions } from "~/components/auth-provider";
import { EmptyState } from "~/components/empty-state";
import { PageHeader } from "~/components/page-header";
import { LoadMore } from "~/components/load-more";
import { PresetCard, PresetCardSkeleton } from "~/components/preset-card";
import { useFocusNewItem } from "~/lib/hooks/use-focus-new-item";
import { readPageCount } from "~/lib/state/page-count";
import { plural } from "~/lib/words/object-format";
import { useSampleViewer } from "~/components/sample-viewer";
import { StyleCard, StyleCardSkeleton } from "~/components/style-card";
import { AfterHydration } from "~/components/ui/after-hydration";
import { Button } from "~/components/ui/button";
import { loadedOnUse, loadedWhenOpened } from "~/components/ui/loaded-on-use";
import { Tooltip } from "~/components/ui/tooltip";
import { stylePresets, type StylePreset } from "~/lib/ui/presets";
import { isPreview, previewTexts } from "#domain/preview";
import { MAX_STYLE_PAGES, STYLES_PAGE, type StyleView } from "#domain/styles";
import { useLiveStyles } from "~/lib/hooks/use-live-styles";
import { useStyleActions } from "~/lib/hooks/use-style-actions";
import { useCoalescedRevalidate } from "~/lib/hooks/use-live-jobs";
import { useTakeDraft } from "~/lib/state/reload-drafts";
import {
  editStyleDraft,
  newStyleDraft,
  offeredModel,
  type EditStyleDraft,
  type NewStyleDraft,
} from "~/lib/state/form-drafts";
import { useModels } from "~/lib/hooks/use-models";
import { workspaceContext } from "#server/ui/require-user.server";
import { servicesContext } from "#server/ui/context";
import { presentStyle } from "#server/styles/present-style.server";
import { listStyleNames, listStylesPage } from "#server/styles/styles.server";
import { keptPageData } from "#server/ui/kept-page-data.server";
import type { Route } from "./+types/style";

// Opened on request: their code loads then (docs/decisions/127).
const NewStyleDialog = loadedWhenOpened(() => import("~/components/new-style-dialog").then((m) => m.NewStyleDialog));
const EditStyleDialog = loadedOnUse(() => import("~/components/edit-style-dialog").then((m) => m.EditStyleDialog));
const DeleteStyleDialog = loadedOnUse(() =>
  import("~/components/delete-style-dialog").then((m) => m.DeleteStyleDialog),
);

export function meta() {
  return [{ title: "Styles · Motif" }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const workspace = context.get(workspaceContext);
  const { db } = services.database;
  // The newest cards, as many pages as "Load more" has shown: a reload or the back button lands
  // where the person was. Every style's name, for the new and edit dialogs' duplicate check.
  const pages = readPageCount(new URL(request.url).searchParams, MAX_STYLE_PAGES);
  async function read() {
    const shown: StyleView[] = [];
    let cursor: string | undefined;
    for (let page = 0; page < pages; page++) {
      const result = await listStylesPage(db, { workspaceId: workspace.id, query: { limit: STYLES_PAGE, cursor } });
      shown.push(...result.styles.map((style) => presentStyle(style, services.imageUrls)));
      if (!result.nextCursor) return { styles: shown, hasMore: false };
      cursor = result.nextCursor;
    }
    return { styles: shown, hasMore: true };
  }
  // Read anew only after the person's records changed (docs/decisions/065).
  const [{ styles, hasMore }, names] = await keptPageData(context, `styles page ${pages}`, () =>
    Promise.all([read(), listStyleNames(db, workspace.id)]),
  );
  return {
    styles,
    hasMore,
    // Names may repeat (a second style of the same name is kept): each with its style's id.
    names,
    provider: {
      id: services.providers.default.id,
      label: services.providers.default.label,
      model: services.providers.default.model,
    },
    maxUploadBytes: services.config.generation.maxUploadBytes,
  };
}

export default function StylesPage({ loaderData }: Route.ComponentProps) {
  const { styles, hasMore, names, provider, maxUploadBytes } = loaderData;
  const revalidator = useRevalidator();
  const navigate = useNavigate();
  const navigation = useNavigation();
  const [searchParams] = useSearchParams();
  const pages = readPageCount(searchParams, MAX_STYLE_PAGES);
  const loadingMore =
    navigation.state === "loading" &&
    navigation.location.pathname === "/app/style" &&
    readPageCount(new URLSearchParams(navigation.location.search), MAX_STYLE_PAGES) > pages;
  const { refresh } = useAuthActions();
  const [creating, setCreating] = useState(false);
  const [preset, setPreset] = useState<StylePreset | null>(null);
  const [newDraft, setNewDraft] = useState<NewStyleDraft | undefined>(undefined);
  const [editing, setEditing] = useState<{ style: StyleView; draft?: EditStyleDraft } | null>(null);
  const [deleting, setDeleting] = useState<StyleView | null>(null);
  const samples = useSampleViewer(styles);
  // One load per burst of live events, not one per event.
  const refreshOnEvents = useCoalescedRevalidate();
  const progress = useLiveStyles(refreshOnEvents);
  const styleIds = useMemo(() => styles.map((s) => s.id), [styles]);
  const focusNewStyle = useFocusNewItem(styleIds);
  const { models } = useModels();
  // A new style or an edit under way before a chunk reload: its dialog opens again with what was typed.
  useTakeDraft("new-style", newStyleDraft, (draft) => {
    const defaultModel = offeredModel(draft.settings.defaultModel, models);
    setNewDraft({ ...draft, settings: { ...draft.settings, defaultModel } });
    setCreating(true);
  });
  useTakeDraft("edit-style", editStyleDraft, (draft) => {
    const style = styles.find((s) => s.id === draft.styleId);
    if (!style) return;
    const defaultModel =
      draft.settings.defaultModel === style.defaultModel
        ? style.defaultModel
        : offeredModel(draft.settings.defaultModel, models);
    setEditing({ style, draft: { ...draft, settings: { ...draft.settings, defaultModel } } });
  });

  const actions = useStyleActions(refresh);

  async function confirmDelete() {
    if (!deleting) return;
    await actions.remove(deleting);
    setDeleting(null);
    await revalidator.revalidate();
  }

  return (
    <>
      <PageHeader
        title="Styles"
        description="A style is a reusable look: its description, palette, references and four sample images that every new image is matched to."
        actions={
          <Button id="new-style-button" onClick={() => setCreating(true)}>
            <Plus aria-hidden className="size-4" /> New style
          </Button>
        }
      />
      <p
        className="-mt-4 mb-6 flex items-center gap-2 text-sm text-neutral-500 dark:text-neutral-400"
        data-testid="provider-label"
      >
        <Cpu aria-hidden className="size-4" />
        Images are made by:
        <Tooltip content={isPreview(provider.id) ? previewTexts.explanation : provider.model}>
          <span className="font-medium text-neutral-700 dark:text-neutral-300">{provider.label}</span>
        </Tooltip>
      </p>

      {styles.length === 0 ? (
        <EmptyState
          icon={Palette}
          title="Create your first style"
          action={
            <Button onClick={() => setCreating(true)}>
              <Plus aria-hidden className="size-4" /> New style
            </Button>
          }
        >
          Describe a look in words — “flat vector icons, warm amber and teal, no outlines” — or drop in up to five
          reference images. Motif writes the style down, extracts its palette and makes four sample images, so
          everything you generate in it later matches.
        </EmptyState>
      ) : (
        <>
          <ul className="grid gap-5 sm:grid-cols-2 xl:grid-cols-3" aria-label="Your styles">
            {styles.map((style, i) => (
              <li key={style.id} data-item-id={style.id}>
                <StyleCard
                  style={style}
                  eager={i === 0}
                  progress={progress[style.id]}
                  generateHref={`/app?style=${encodeURIComponent(style.id)}`}
                  onEdit={() => setEditing({ style })}
                  onDelete={() => setDeleting(style)}
                  onView={(index) => samples.view(style.id, index)}
                  href={`/app/style/${encodeURIComponent(style.id)}`}
                  onCancel={() => actions.cancel(style)}
                  onCompleteSamples={() => actions.completeSamples(style)}
                  onRegenerateSamples={() => actions.regenerateSamples(style)}
                  onKeepSamples={() => actions.keepSamples(style)}
                />
              </li>
            ))}
            {loadingMore &&
              Array.from({ length: Math.min(STYLES_PAGE, names.length - styles.length) }, (_, i) => (
                <li key={`more-${i}`}>
                  <StyleCardSkeleton />
                </li>
              ))}
          </ul>
          {hasMore && (
            <LoadMore
              loading={loadingMore}
              onLoad={() =>
                void navigate({ search: `?pages=${pages + 1}` }, { replace: true, preventScrollReset: true })
              }
            >
              Showing {styles.length} of {plural(names.length, "style")}
            </LoadMore>
          )}
        </>
      )}

      <section className="mt-12" aria-labelledby="presets-heading">
        <h2 id="presets-heading" className="text-lg font-semibold">
          Start from a preset
        </h2>
        <p className="mt-1 text-sm text-neutral-600 dark:text-neutral-400">
          A preset becomes your own style, which you can rename and refine.
        </p>
        <ul className="mt-5 grid gap-5 sm:grid-cols-2 xl:grid-cols-3">
          {/* Below the styles, off the first screen, they are drawn after hydration (their
              images would share the phone's bandwidth with the first card's samples); with
              no styles yet they are what the page teaches, and in the HTML. */}
          <AfterHydration
            defer={styles.length > 0}
            fallback={stylePresets.map((p) => (
              <li key={p.id}>
                <PresetCardSkeleton />
              </li>
            ))}
          >
            {stylePresets.map((p) => (
              <li key={p.id}>
                <PresetCard
                  preset={p}
                  onUse={() => {
                    setPreset(p);
                    setCreating(true);
                  }}
                />
              </li>
            ))}
          </AfterHydration>
        </ul>
      </section>

      <NewStyleDialog
        key={preset?.id ?? (newDraft ? "draft" : "blank")}
        initial={preset ? { name: preset.name, description: preset.description } : undefined}
        open={creating}
        onOpenChange={(open) => {
          setCreating(open);
          if (!open) {
            setPreset(null);
            setNewDraft(undefined);
          }
        }}
        maxUploadBytes={maxUploadBytes}
        existingNames={names.map((style) => style.name)}
        draft={newDraft}
        onCreated={() => {
          focusNewStyle();
          void revalidator.revalidate();
          void refresh();
        }}
      />
      {samples.viewer}
      {editing && (
        <EditStyleDialog
          style={editing.style}
          draft={editing.draft}
          maxUploadBytes={maxUploadBytes}
          otherNames={names.filter((style) => style.id !== editing.style.id).map((style) => style.name)}
          onClose={() => setEditing(null)}
          onSaved={() => void revalidator.revalidate()}
        />
      )}
      {deleting && (
        <DeleteStyleDialog
          name={deleting.name}
          onClose={() => setDeleting(null)}
          onConfirm={() => void confirmDelete()}
          // Its card is gone after a delete: focus goes on to the page's own action.
          returnFocusTo={() => document.getElementById("new-style-button")}
        />
      )}
    </>
  );
}
