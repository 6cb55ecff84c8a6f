import { LoadMore } from "~/components/load-more";
import { Boxes, Download, Grid3x3, Layers, Palette, Plus, SearchX, X } from "lucide-react";
import { useCallback, useEffect, useRef, useState } from "react";
import { useNavigate, useNavigation, useSearchParams } from "react-router";
import { AppLink } from "~/components/app-link";
import { OBJECTS_PAGE, type ObjectSummary } from "#domain/objects";
import { EmptyState } from "~/components/empty-state";
import { DownloadDialog } from "~/components/objects/download-dialog";
import { commonStyleName } from "~/components/objects/icon-package-choice";
import { LibraryToolbar } from "~/components/objects/library-toolbar";
import { ObjectCard, ObjectCardSkeleton, objectGridClasses } from "~/components/objects/object-card";
import { DeleteObjectsConfirm, SetChangeDialog, type SetChange } from "~/components/objects/library-dialogs";
import { SelectionBar } from "~/components/objects/selection-bar";
import { PageHeader } from "~/components/page-header";
import { Button, buttonClasses } from "~/components/ui/button";

import { callApi } from "~/lib/api/api-client";
import { cn } from "~/lib/ui/cn";
import { plural } from "~/lib/words/object-format";
import {
  defaultLibraryView,
  isFiltered,
  libraryViewSearch,
  readLibraryView,
  sameFilters,
  type LibraryView,
} from "~/lib/state/object-library-params";
import { toast } from "~/lib/state/toast-store";
import { useCoalescedRevalidate, useLiveJobs } from "~/lib/hooks/use-live-jobs";
import { workspaceContext } from "#server/ui/require-user.server";
import { followToItsWorkspace } from "#server/ui/record-links.server";
import { servicesContext } from "#server/ui/context";
import { getJobView } from "#server/generation/job-views.server";
import { listObjects } from "#server/objects/object-queries.server";
import { listStyleNames } from "#server/styles/styles.server";
import type { Route } from "./+types/objects";

/** How long typing pauses before the search runs. */
const SEARCH_DEBOUNCE_MS = 250;

export function meta() {
  return [{ title: "Objects · Motif" }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const { db } = services.database;
  const workspace = context.get(workspaceContext);
  const view = readLibraryView(new URL(request.url).searchParams);
  const query = {
    styleId: view.styleId ?? undefined,
    setId: view.setId ?? undefined,
    q: view.q || undefined,
    sort: view.sort,
    limit: OBJECTS_PAGE,
  };
  // Every page "Load more" has shown is loaded again, so a reload or the back button lands where the user was.
  async function pages() {
    const objects: ObjectSummary[] = [];
    let cursor: string | undefined;
    for (let page = 0; page < view.pages; page++) {
      const result = await listObjects(db, {
        workspaceId: workspace.id,
        query: { ...query, cursor },
        signer: services.imageUrls,
      });
      objects.push(...result.objects);
      if (!result.nextCursor) return { objects, hasMore: false };
      cursor = result.nextCursor;
    }
    return { objects, hasMore: true };
  }
  const [{ objects, hasMore }, styles, set] = await Promise.all([
    pages(),
    listStyleNames(db, workspace.id),
    view.setId ? getJobView(db, { workspaceId: workspace.id, jobId: view.setId }) : null,
  ]);
  // A link to a set, or to a style's objects, of another workspace the person is in opens it there.
  const foreign =
    view.setId && !set
      ? { kind: "set" as const, id: view.setId }
      : view.styleId && !styles.some((style) => style.id === view.styleId)
        ? { kind: "style" as const, id: view.styleId }
        : null;
  if (foreign) await followToItsWorkspace(context, request, foreign);
  return {
    objects,
    hasMore,
    styles,
    set: set ? { id: set.id, title: set.title, objects: set.objects.length } : null,
  };
}

export default function ObjectsPage({ loaderData }: Route.ComponentProps) {
  const { objects, hasMore, styles, set } = loaderData;
  const navigate = useNavigate();
  const navigation = useNavigation();
  const revalidate = useCoalescedRevalidate();
  useLiveJobs(revalidate);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [confirming, setConfirming] = useState(false);
  // "Download all…" / "Download set…": what to include is asked first.
  const [downloading, setDownloading] = useState<{
    selection: string;
    title: string;
    packageTitle?: string;
  } | null>(null);
  // "Recolour set…", "Normalise set…" / the selection's: the set, or the chosen objects.
  const [changing, setChanging] = useState<SetChange | null>(null);

  // The address is the view: the loader data belongs to the address it was loaded for.
  const [searchParams] = useSearchParams();
  const view = readLibraryView(searchParams);
  const next =
    navigation.state === "loading" && navigation.location.pathname === "/app/object"
      ? readLibraryView(new URLSearchParams(navigation.location.search))
      : null;
  const refiltering = next !== null && !sameFilters(next, view);
  const loadingMore = next !== null && !refiltering && next.pages > view.pages;

  const selectedIds = objects.filter((o) => selected.has(o.id)).map((o) => o.id);
  const filtered = isFiltered(view);

  // The search box runs ahead of the address while typing; the address catches up after a pause.
  const [search, setSearch] = useState(view.q);
  const sent = useRef(view.q);
  const latestView = useRef(view);
  useEffect(() => {
    latestView.current = view;
  });
  // The address changed by other means (back, forward, a link): the box follows it.
  useEffect(() => {
    if (view.q === sent.current) return;
    sent.current = view.q;
    setSearch(view.q);
  }, [view.q]);

  const show = useCallback(
    (nextView: LibraryView) => {
      sent.current = nextView.q;
      void navigate({ search: libraryViewSearch(nextView) }, { replace: true, preventScrollReset: true });
    },
    [navigate],
  );

  useEffect(() => {
    const q = search.trim();
    if (q === sent.current) return;
    const timer = setTimeout(() => show({ ...latestView.current, q, pages: 1 }), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [search, show]);

  function clearFilters() {
    setSearch("");
    show(defaultLibraryView);
  }

  function toggle(id: string, on: boolean) {
    setSelected((current) => {
      const updated = new Set(current);
      if (on) updated.add(id);
      else updated.delete(id);
      return updated;
    });
  }

  async function deleteSelected() {
    const ids = selectedIds;
    setConfirming(false);
    const results = await Promise.allSettled(
      ids.map((id) => callApi("delete", "/api/objects/:id", { params: { id } })),
    );
    const failed = results.filter((r) => r.status === "rejected").length;
    const deleted = ids.length - failed;
    setSelected(new Set(ids.filter((_, i) => results[i]!.status === "rejected")));
    if (failed === 0) {
      toast({
        title: deleted === 1 ? "Object deleted" : `${deleted} objects deleted`,
        description: "Their images were deleted too.",
        color: "success",
      });
    } else {
      toast({
        title: "Delete error",
        description: `${plural(failed, "object")} could not be deleted${deleted ? `; ${deleted} were` : ""}. Please try again.`,
        color: "error",
      });
    }
    revalidate();
  }

  const activeStyle = view.styleId ? styles.find((s) => s.id === view.styleId) : undefined;

  return (
    <div className={cn(selectedIds.length > 0 && "pb-24")}>
      <PageHeader
        title="Objects"
        description="Everything you have generated, each in its style. Open one to see its variations, or select a few to download them together."
        actions={
          <>
            {activeStyle && objects.length > 0 && (
              <Button
                variant="secondary"
                onClick={() =>
                  setDownloading({
                    selection: `styleId=${encodeURIComponent(activeStyle.id)}`,
                    title: `Download everything in ${activeStyle.name}`,
                    packageTitle: activeStyle.name,
                  })
                }
              >
                <Download aria-hidden className="size-4" /> Download all…
                <span className="sr-only"> in {activeStyle.name}</span>
              </Button>
            )}
            <AppLink to="/app" className={buttonClasses("primary")}>
              <Plus aria-hidden className="size-4" /> New objects
            </AppLink>
          </>
        }
      />

      {set && (
        <section
          aria-label="This set"
          className="mb-4 flex flex-wrap items-center gap-x-4 gap-y-3 rounded-2xl border border-primary-200 bg-primary-50/60 px-4 py-3 dark:border-primary-900 dark:bg-primary-950/30"
        >
          <span className="grid size-9 shrink-0 place-items-center rounded-xl bg-white text-primary-700 dark:bg-primary-950 dark:text-primary-300">
            <Layers aria-hidden className="size-4" />
          </span>
          <div className="min-w-0 flex-1">
            <p className="text-xs font-medium text-primary-800 dark:text-primary-300">One set, made together</p>
            <h2 className="truncate text-sm font-semibold" title={set.title}>
              {set.title}
            </h2>
          </div>
          <div className="flex items-center gap-2">
            <Button
              variant="secondary"
              size="sm"
              onClick={() =>
                setDownloading({
                  selection: `setId=${encodeURIComponent(set.id)}`,
                  title: "Download this set",
                  packageTitle: commonStyleName(objects),
                })
              }
            >
              <Download aria-hidden className="size-4" /> Download set…
            </Button>
            <Button variant="secondary" size="sm" onClick={() => setChanging({ kind: "recolour", of: "set" })}>
              <Palette aria-hidden className="size-4" /> Recolour set…
            </Button>
            <Button variant="secondary" size="sm" onClick={() => setChanging({ kind: "normalise", of: "set" })}>
              <Grid3x3 aria-hidden className="size-4" /> Normalise set…
            </Button>
            <Button variant="ghost" size="sm" onClick={() => show({ ...view, setId: null, pages: 1 })}>
              <X aria-hidden className="size-4" /> All objects
            </Button>
          </div>
        </section>
      )}

      {(objects.length > 0 || filtered) && (
        <LibraryToolbar
          view={view}
          styles={styles}
          search={search}
          onSearch={setSearch}
          searching={refiltering}
          // A filter chosen while a search is still pending takes the typed text along.
          onChange={(next) => show({ ...next, q: search.trim() })}
        />
      )}

      <div className="mt-6" aria-busy={refiltering || loadingMore}>
        {refiltering ? (
          <ul className={objectGridClasses} aria-label="Loading objects">
            {Array.from({ length: Math.min(Math.max(objects.length, 8), OBJECTS_PAGE) }, (_, i) => (
              <li key={i}>
                <ObjectCardSkeleton />
              </li>
            ))}
          </ul>
        ) : objects.length === 0 ? (
          filtered ? (
            <EmptyState
              icon={SearchX}
              title={view.q ? `No objects match “${view.q}”` : "No objects in this style yet"}
              action={
                <Button variant="secondary" onClick={clearFilters}>
                  Clear filters
                </Button>
              }
            >
              {view.q
                ? `Nothing${activeStyle ? ` in ${activeStyle.name}` : ""} has a name with those letters. Check the spelling, or clear the filters to see everything.`
                : "Generate some from the composer, or clear the filter to see all your objects."}
            </EmptyState>
          ) : (
            <EmptyState
              icon={Boxes}
              title="No objects yet"
              action={
                <AppLink to={styles.length ? "/app" : "/app/style"} className={buttonClasses("primary")}>
                  <Plus aria-hidden className="size-4" /> {styles.length ? "Generate objects" : "Create a style first"}
                </AppLink>
              }
            >
              Objects are the things you make in a style — a chest, a potion, a product. Type a few names, one per line,
              and each arrives here in the size and detail you chose, ready to download.
            </EmptyState>
          )
        ) : (
          <>
            <ul className={objectGridClasses} aria-label="Your objects">
              {objects.map((object, i) => (
                <li key={object.id}>
                  <ObjectCard
                    object={object}
                    eager={i < 4}
                    selection={{
                      selected: selected.has(object.id),
                      active: selectedIds.length > 0,
                      onChange: (on) => toggle(object.id, on),
                    }}
                  />
                </li>
              ))}
              {loadingMore &&
                Array.from({ length: 8 }, (_, i) => (
                  <li key={`more-${i}`}>
                    <ObjectCardSkeleton />
                  </li>
                ))}
            </ul>
            {hasMore && (
              <LoadMore loading={loadingMore} onLoad={() => show({ ...view, pages: view.pages + 1 })}>
                Showing {plural(objects.length, "object")}
              </LoadMore>
            )}
          </>
        )}
      </div>

      {selectedIds.length > 0 && (
        <SelectionBar
          ids={selectedIds}
          shown={objects.length}
          packageTitle={commonStyleName(objects.filter((o) => selected.has(o.id)))}
          onSelectAll={() => setSelected(new Set(objects.map((o) => o.id)))}
          onRecolour={() => setChanging({ kind: "recolour", of: "selection" })}
          onNormalise={() => setChanging({ kind: "normalise", of: "selection" })}
          onDelete={() => setConfirming(true)}
          onClear={() => setSelected(new Set())}
        />
      )}
      {confirming && (
        <DeleteObjectsConfirm
          count={selectedIds.length}
          onCancel={() => setConfirming(false)}
          onConfirm={() => void deleteSelected()}
        />
      )}
      {changing && (
        <SetChangeDialog
          change={changing}
          setId={set?.id ?? null}
          objects={objects}
          selected={selected}
          onClose={() => setChanging(null)}
          onChanged={revalidate}
        />
      )}
      {downloading && (
        <DownloadDialog
          selection={downloading.selection}
          title={downloading.title}
          packageTitle={downloading.packageTitle}
          description="The images in a ZIP, packed into a sprite sheet for a game engine, or as an icon package."
          onClose={() => setDownloading(null)}
        />
      )}
    </div>
  );
}
