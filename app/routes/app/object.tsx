import { LoaderCircle, Pencil, Star, UserRound } from "lucide-react";
import { Suspense, useState } from "react";
import { AppError } from "#domain/errors";
import { isActiveStatus } from "#domain/jobs";
import { useNavigate, useSearchParams } from "react-router";
import { AppLink } from "~/components/app-link";
import type { JobView } from "#domain/objects";
import { isPreview } from "#domain/preview";
import { ChooseDrawing } from "~/components/objects/choose-drawing";
import { Breadcrumb } from "~/components/breadcrumb";
import { ImageDownloads } from "~/components/objects/image-downloads";
import { ImageStage, PendingStage } from "~/components/objects/image-stage";
import { EditPanel, emptyBrush } from "~/components/objects/edit-panel";
import { ImageWork } from "~/components/objects/image-work";
import { PixelDownloads } from "~/components/objects/pixel-downloads";
import { PaintStage, type RegionBrush } from "~/components/objects/paint-stage";
import { useReveal } from "~/lib/hooks/use-reveal";
import { withoutSheetFrames } from "~/lib/ui/sheet-frames";
import { VariantStrip } from "~/components/objects/variant-strip";
import { AfterHydration } from "~/components/ui/after-hydration";
import { loadedOnUse } from "~/components/ui/loaded-on-use";
import {
  GameAssetPanels,
  ImageDetails,
  OutpaintPanel,
  VariationsPanel,
  ViewsPanel,
} from "~/components/objects/object-page-panels";
import { PanelSkeleton } from "~/components/ui/panel";
import { downloadName } from "~/lib/words/download-name";
import { DeleteButton } from "~/components/ui/delete-button";
import { Button, buttonClasses } from "~/components/ui/button";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";

import { callApi } from "~/lib/api/api-client";
import { refusalMessage } from "~/lib/words/refusal-message";
import { mergeJob, pendingImages } from "~/lib/state/job-progress";
import { formatDate, plural } from "~/lib/words/object-format";
import { toast } from "~/lib/state/toast-store";
import { useCoalescedRevalidate, useLiveJobs } from "~/lib/hooks/use-live-jobs";
import { workspaceContext } from "#server/ui/require-user.server";
import { followToItsWorkspace } from "#server/ui/record-links.server";
import { servicesContext } from "#server/ui/context";
import { listRecentJobs } from "#server/generation/job-views.server";
import { withRouteErrors } from "#server/http/route-errors.server";
import { getObjectDetail } from "#server/objects/object-queries.server";
import { objectPageExtras } from "#server/objects/object-page-extras.server";
import { keptPageData } from "#server/ui/kept-page-data.server";
import type { Route } from "./+types/object";

const RenameObjectDialog = loadedOnUse(() =>
  import("~/components/objects/rename-object-dialog").then((m) => m.RenameObjectDialog),
);

const panelSkeletons = [1, 2, 3].map((n) => <PanelSkeleton key={n} />);

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData ? `${loaderData.object.name} · Motif` : "Object · Motif" }];
}

// Someone else's object reads as missing (not_found → the 404 page): its id tells nobody it exists.
// A link to an object of another workspace the person is in opens it there.
export const loader = withRouteErrors(async ({ params, context, request }: Route.LoaderArgs) => {
  const services = context.get(servicesContext);
  const { db } = services.database;
  const workspace = context.get(workspaceContext);
  // Read anew only after the workspace's records changed (docs/decisions/065).
  const page = await keptPageData(context, `object page\0${params.objectId}`, async () => {
    const [object, jobs] = await Promise.all([
      getObjectDetail(db, { workspaceId: workspace.id, objectId: params.objectId, signer: services.imageUrls }),
      listRecentJobs(db, { workspaceId: workspace.id }),
    ]);
    if (!object) return null;
    return {
      object,
      // Only what the page counts (the images still to come for this object): its running jobs,
      // each with this object alone, not the whole set's list of objects.
      jobs: jobs.flatMap((job) => {
        const own = job.objects.filter((o) => o.id === object.id);
        return isActiveStatus(job.status) && own.length > 0 ? [{ ...job, objects: own }] : [];
      }),
      ...(await objectPageExtras(db, { workspaceId: workspace.id, styleId: object.style.id })),
    };
  });
  if (!page) {
    await followToItsWorkspace(context, request, { kind: "object", id: params.objectId });
    throw new AppError("not_found", "No such object.");
  }
  return {
    ...page,
    removeBackgroundCredits: services.config.credits.removeBackground,
    upscaleMaxSide: services.config.upscale.maxSide,
  };
});

export default function ObjectPage({ loaderData }: Route.ComponentProps) {
  const { object } = loaderData;
  const navigate = useNavigate();
  const revalidate = useCoalescedRevalidate();
  const reveal = useReveal();
  const live = useLiveJobs(revalidate);
  const [searchParams, setSearchParams] = useSearchParams();
  const [submitted, setSubmitted] = useState<JobView[]>([]);
  const [renaming, setRenaming] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [settingCover, setSettingCover] = useState(false);
  // The region brush belongs to the shown image: another image starts unpainted.
  const [paint, setPaint] = useState<{ imageId: string | null; on: boolean; brush: RegionBrush }>({
    imageId: null,
    on: false,
    brush: emptyBrush,
  });

  const known = new Set(loaderData.jobs.map((j) => j.id));
  const jobs = [...submitted.filter((j) => !known.has(j.id)), ...loaderData.jobs].map((j) => mergeJob(j, live[j.id]));
  // A job may have made an image the page has not loaded yet: never show fewer tiles than are due.
  const pending = Math.max(pendingImages(jobs, object.id), object.generating && object.images.length === 0 ? 1 : 0);

  const images = withoutSheetFrames(object.images);
  const wanted = searchParams.get("image") ?? object.coverImageId;
  const index = Math.max(
    0,
    images.findIndex((i) => i.id === wanted),
  );
  const image = images[index] ?? null;
  const isCover = image !== null && image.id === object.coverImageId;
  const painting = paint.on && paint.imageId === image?.id;
  const brush = paint.imageId === image?.id ? paint.brush : emptyBrush;
  const setBrush = (next: RegionBrush) => setPaint({ imageId: image?.id ?? null, on: painting, brush: next });
  const setPainting = (on: boolean) => {
    setPaint({ imageId: image?.id ?? null, on, brush });
    // The brush is on the image: bring it into view when the panel that asked for it is below.
    if (on) reveal('[data-testid="paint-stage"]');
  };
  const fileName = (extension: string) => downloadName(extension, object.style.name, object.name, String(index + 1));

  /** An image just made or chosen: fetched with the object's others, and shown. */
  function showMade(imageId: string) {
    revalidate();
    select(imageId);
  }

  function select(imageId: string) {
    setSearchParams(
      (params) => {
        params.set("image", imageId);
        return params;
      },
      { replace: true, preventScrollReset: true },
    );
  }

  async function setCover() {
    if (!image) return;
    setSettingCover(true);
    try {
      await callApi("patch", "/api/objects/:id", { params: { id: object.id }, body: { coverImageId: image.id } });
      toast({
        title: "Cover changed",
        description: `Image ${index + 1} now stands for ${object.name}.`,
        color: "success",
      });
      revalidate();
    } catch (error) {
      toast({
        title: "Cover error",
        description: refusalMessage(error, "The cover could not be changed. Please try again."),
        color: "error",
      });
    } finally {
      setSettingCover(false);
    }
  }

  /** A job making images of this object has started: its card shows, and the strip where they will appear. */
  function jobStarted(job: JobView) {
    setSubmitted((current) => [job, ...current]);
    // The new images' places are beside the picture, above where the button was pressed.
    reveal('[data-testid="variant-strip"]');
    revalidate();
  }

  async function deleteObject() {
    try {
      await callApi("delete", "/api/objects/:id", { params: { id: object.id } });
      toast({ title: "Object deleted", description: `${object.name} and its images were deleted.`, color: "success" });
      navigate("/app/object", { replace: true });
    } catch {
      toast({
        title: "Delete error",
        description: "The object could not be deleted. Please try again.",
        color: "error",
      });
    } finally {
      setDeleting(false);
    }
  }

  return (
    <>
      <Breadcrumb list={{ to: "/app/object", label: "Objects" }} current={object.name} />

      <div className="mb-6 flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div className="min-w-0">
          <h1 className="text-2xl font-semibold tracking-tight break-words sm:text-3xl">{object.name}</h1>
          <p className="mt-2 text-neutral-600 wrap-anywhere dark:text-neutral-400">
            In{" "}
            <AppLink
              to={`/app/style/${encodeURIComponent(object.style.id)}`}
              className="font-medium text-primary-700 hover:underline dark:text-primary-300"
            >
              {object.style.name}
            </AppLink>{" "}
            · {plural(images.length, "image")} · made {formatDate(object.createdAt)}
            {object.madeBy && <span data-testid="made-by"> by {object.madeBy}</span>} ·{" "}
            <AppLink
              to={`/app/object?set=${encodeURIComponent(object.setId)}`}
              className="font-medium text-primary-700 hover:underline dark:text-primary-300"
            >
              its set
            </AppLink>
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <AppLink to={`/app/characters?from=${encodeURIComponent(object.id)}`} className={buttonClasses("secondary")}>
            <UserRound aria-hidden className="size-4" /> Make a character
          </AppLink>
          <Button variant="secondary" onClick={() => setRenaming(true)}>
            <Pencil aria-hidden className="size-4" /> Rename
          </Button>
          <DeleteButton onClick={() => setDeleting(true)} />
        </div>
      </div>

      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem] lg:gap-8">
        <div className="grid min-w-0 content-start gap-4">
          {image && painting ? (
            <PaintStage image={image} alt={`${object.name}, image ${index + 1}`} brush={brush} onChange={setBrush} />
          ) : image ? (
            <ImageStage
              image={image}
              alt={`${object.name}, image ${index + 1}`}
              index={index}
              count={images.length}
              isCover={isCover}
              onStep={(step) => select(images[(index + step + images.length) % images.length]!.id)}
            />
          ) : (
            <PendingStage
              name={object.name}
              status={pending > 0 ? `Making ${object.name}…` : "This object has no images yet."}
            />
          )}
          <VariantStrip
            images={images}
            selectedId={image?.id ?? null}
            coverId={object.coverImageId}
            pending={pending}
            onSelect={select}
          />
          {pending > 0 && (
            <p role="status" className="flex items-center gap-2 text-sm text-neutral-600 dark:text-neutral-400">
              <LoaderCircle aria-hidden className="size-4 animate-spin text-primary-600 dark:text-primary-400" />
              {plural(pending, "more image")} on the way. They appear here as they are made.
            </p>
          )}
        </div>

        <div className="grid content-start gap-4">
          {image && (
            <section
              aria-labelledby="shown-image"
              className="grid gap-3 rounded-2xl border border-neutral-200 bg-white p-5 dark:border-neutral-800 dark:bg-neutral-900"
            >
              <div className="flex items-center justify-between gap-2">
                <h2 id="shown-image" className="font-semibold">
                  Image {index + 1} of {images.length}
                </h2>
                {isCover && (
                  <span className="inline-flex items-center gap-1 rounded-full bg-amber-50 px-2.5 py-0.5 text-xs font-medium text-amber-800 dark:bg-amber-950/60 dark:text-amber-200">
                    <Star aria-hidden className="size-3.5 fill-amber-400 text-amber-500" /> Cover
                  </span>
                )}
              </div>
              <ImageDownloads
                objectId={object.id}
                image={image}
                flatStyle={Boolean(loaderData.svgLook)}
                fileName={fileName}
              />
              <PixelDownloads image={image} maxSide={loaderData.upscaleMaxSide} />
              <ImageWork
                objectId={object.id}
                objectName={object.name}
                image={image}
                number={index + 1}
                knownIds={images.map((shown) => shown.id)}
                removeBackgroundCredits={loaderData.removeBackgroundCredits}
                upscaleMaxSide={loaderData.upscaleMaxSide}
                settings={{ size: object.size, detail: object.detail }}
                model={object.style.defaultModel}
                onStarted={jobStarted}
                onMade={showMade}
              />
              {isPreview(image.provider) && (
                <ChooseDrawing objectId={object.id} objectName={object.name} onChosen={showMade} />
              )}
              {!isCover && (
                <Button variant="secondary" disabled={settingCover} onClick={() => void setCover()}>
                  {settingCover ? (
                    <LoaderCircle aria-hidden className="size-4 animate-spin" />
                  ) : (
                    <Star aria-hidden className="size-4" />
                  )}
                  Set as cover
                </Button>
              )}
            </section>
          )}
          {image && (
            <EditPanel
              objectId={object.id}
              name={object.name}
              image={image}
              settings={{ size: object.size, detail: object.detail }}
              model={object.style.defaultModel}
              painting={painting}
              onPaintingChange={setPainting}
              brush={brush}
              onBrushChange={setBrush}
              onStarted={jobStarted}
            />
          )}
          {/* Below the first screen: drawn by the browser once the page runs (docs/decisions/124). */}
          <AfterHydration fallback={panelSkeletons}>
            <Suspense fallback={panelSkeletons}>
              {image && <OutpaintPanel object={object} image={image} onStarted={jobStarted} />}
              {image && (
                <GameAssetPanels
                  object={object}
                  image={image}
                  number={index + 1}
                  knownIds={images.map((shown) => shown.id)}
                  stylePalette={loaderData.stylePalette}
                  tiles={loaderData.tiles}
                  onStarted={jobStarted}
                  onMade={showMade}
                />
              )}
              <VariationsPanel
                objectId={object.id}
                name={object.name}
                settings={{ size: object.size, detail: object.detail, transparent: object.transparent }}
                model={object.style.defaultModel}
                againFrom={
                  image
                    ? { size: image.size, detail: image.detail, transparent: image.transparent }
                    : { size: object.size, detail: object.detail, transparent: object.transparent }
                }
                onStarted={jobStarted}
              />
              <ViewsPanel
                objectId={object.id}
                name={object.name}
                settings={{ size: object.size, detail: object.detail, transparent: object.transparent }}
                model={object.style.defaultModel}
                onStarted={jobStarted}
              />
              {image && <ImageDetails image={image} style={object.style} images={images} onSelect={select} />}
            </Suspense>
          </AfterHydration>
        </div>
      </div>

      {renaming && <RenameObjectDialog object={object} onClose={() => setRenaming(false)} onSaved={revalidate} />}
      {deleting && (
        <ConfirmDialog
          open
          onOpenChange={(open) => !open && setDeleting(false)}
          title={`Delete ${object.name}?`}
          description={<p>This deletes the object and its {plural(images.length, "image")}. It cannot be undone.</p>}
          confirmLabel="Delete object"
          onConfirm={() => void deleteObject()}
        />
      )}
    </>
  );
}
