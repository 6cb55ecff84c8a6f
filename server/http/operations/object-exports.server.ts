import type { Response } from "express";
import {
  appIconsQuerySchema,
  spriteSheetQuerySchema,
  EXPORT_FILE_COUNT_HEADER,
  SVG_SPRITE_COUNT_HEADER,
  svgSpritePlanQuerySchema,
  svgSpritePlanSchema,
  svgSpriteQuerySchema,
} from "#domain/exports";
import { AppError } from "#domain/errors";
import { exportQuerySchema } from "#domain/objects";
import { writeAppIconsZip } from "../../objects/app-icons-export.server";
import { selectExportObjects, slugify, writeObjectsZip } from "../../objects/export-zip.server";
import { writeSpriteSheetZip } from "../../objects/sprite-export.server";
import { NONE_TRACEABLE, svgSpritePlan, writeSvgSprite } from "../../objects/svg-sprite.server";
import { exportZipSamples } from "../openapi-examples.server";
import { defineOperation } from "./operation.server";
import { zipDownload } from "./reply-docs.server";

/** A ZIP download's headers, set once its content is ready to go. */
function sendingZip(res: Response, fileName: string): void {
  res.setHeader("Content-Type", "application/zip");
  res.setHeader("Content-Disposition", `attachment; filename="${fileName}"`);
}

/**
 * A download that failed: an error answer while nothing was sent; after that, the connection is
 * cut, so a partial file is never taken for a whole one.
 */
const failedDownload = (res: Response) => (error: unknown) => {
  if (!res.headersSent) throw error;
  if (!res.destroyed) res.destroy();
};

type Exported = { name: string; styleName: string };

/** One object's download is named after it (and its style); several, by their count. */
const shortName = (objects: Exported[]) =>
  objects.length === 1 ? slugify(objects[0]!.name) : `motif-${objects.length}-objects`;
const downloadName = (objects: Exported[]) =>
  objects.length === 1 ? `${slugify(objects[0]!.styleName)}-${slugify(objects[0]!.name)}` : shortName(objects);

/**
 * Downloads of several objects at once (a selection, a set, a style) and one object's app
 * icons. Mounted before GET /api/objects/:id, which would take "export.zip" for an id.
 */
export const objectExportOperations = [
  defineOperation({
    method: "get",
    path: "/api/objects/export.zip",
    tag: "Objects",
    summary: "Download objects as a ZIP",
    description:
      "The chosen objects' images (the covers, or all) named by style and object, with a manifest.json of how each was made; SVGs too for flat styles when `svg=true`. Choose by `ids` (comma-separated), `setId` or `styleId`.",
    access: "user",
    query: exportQuerySchema,
    responses: {
      200: {
        ...zipDownload("…zip"),
        headers: {
          ...zipDownload("…zip").headers,
          [EXPORT_FILE_COUNT_HEADER]: {
            description: "How many image files (PNGs and SVGs) the archive holds, besides its manifest.",
            schema: { type: "integer" },
          },
        },
      },
    },
    codeSamples: exportZipSamples,
    async handle({ res, services, user, query: selection }) {
      const objects = await selectExportObjects(services.database.db, { userId: user.workspace.id, selection });
      sendingZip(res, `${downloadName(objects)}.zip`);
      await writeObjectsZip(
        { db: services.database.db, storage: services.storage },
        {
          objects,
          images: selection.images,
          svg: selection.svg,
          out: res,
          onPlanned: (files) => res.setHeader(EXPORT_FILE_COUNT_HEADER, String(files)),
        },
      ).catch((error: unknown) => {
        // The reader went away: nothing to answer, and nothing went wrong here.
        if (!res.destroyed) throw error;
      });
    },
  }),
  defineOperation({
    method: "get",
    path: "/api/objects/svg-sprite.json",
    tag: "Objects",
    summary: "Plan an SVG sprite",
    description:
      "Which of the chosen objects an SVG sprite (`/api/objects/svg-sprite.svg`) would hold, and which it would leave out with why (a style that is not flat, no image yet). Nothing is traced. Choose by `ids` (comma-separated), `setId` or `styleId`.",
    access: "user",
    query: svgSpritePlanQuerySchema,
    responses: { 200: { description: "The objects it holds and the ones it leaves out.", json: svgSpritePlanSchema } },
    async handle({ services, user, query: selection }) {
      const objects = await selectExportObjects(services.database.db, {
        userId: user.workspace.id,
        selection: { ...selection, images: "cover" },
      });
      const { traceable, leftOut } = await svgSpritePlan(services.database.db, objects);
      const traced = traceable.map(({ object }) => ({ id: object.id, name: object.name }));
      return { status: 200, body: { traced, leftOut } };
    },
  }),
  defineOperation({
    method: "get",
    path: "/api/objects/svg-sprite.svg",
    tag: "Objects",
    summary: "Download an SVG sprite",
    description: `One SVG with a \`<symbol>\` per chosen object whose style is flat (icons, line art, pixel art): its cover, traced without its background or shadow and with its colours snapped to the style's palette (or all \`currentColor\` with \`singleColour=true\`), with the object's name as the symbol's id, for \`<svg><use href="sprite.svg#health-potion"/></svg>\`. Objects in other looks are left out (\`/api/objects/svg-sprite.json\` says which, and why); when none is flat, 400. Symbols are streamed as they are traced; the \`${SVG_SPRITE_COUNT_HEADER}\` header says how many will come. Choose by \`ids\` (comma-separated), \`setId\` or \`styleId\`.`,
    access: "user",
    query: svgSpriteQuerySchema,
    responses: {
      200: {
        description: "The SVG sprite.",
        media: { "image/svg+xml": { schema: { type: "string" } } },
        headers: {
          "Content-Disposition": { description: 'attachment; filename="…-sprite.svg"', schema: { type: "string" } },
          [SVG_SPRITE_COUNT_HEADER]: { description: "How many symbols the sprite holds.", schema: { type: "integer" } },
        },
      },
    },
    async handle({ res, services, user, query }) {
      const { singleColour, ...selection } = query;
      const objects = await selectExportObjects(services.database.db, {
        userId: user.workspace.id,
        selection: { ...selection, images: "cover" },
      });
      const { traceable } = await svgSpritePlan(services.database.db, objects);
      if (traceable.length === 0) throw new AppError("bad_request", NONE_TRACEABLE);
      const name = `${shortName(objects)}${singleColour ? "-single-colour" : ""}-sprite.svg`;
      res.setHeader("Content-Type", "image/svg+xml; charset=utf-8");
      res.setHeader("Content-Disposition", `attachment; filename="${name}"`);
      res.setHeader(SVG_SPRITE_COUNT_HEADER, String(traceable.length));
      // Served as a download and never run: no script can be in it (traced paths only), and none would run.
      res.setHeader("Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'");
      res.setHeader("X-Content-Type-Options", "nosniff");
      // no-transform: compression would hold the symbols back, and the reader counts them as they come.
      res.setHeader("Cache-Control", "private, no-store, no-transform");
      res.flushHeaders();
      await writeSvgSprite({ storage: services.storage }, { traceable, singleColour, out: res }).catch(
        failedDownload(res),
      );
    },
  }),
  defineOperation({
    method: "get",
    path: "/api/objects/sprite-sheet.zip",
    tag: "Objects",
    summary: "Download a sprite sheet",
    description:
      "The chosen objects' images (the covers, or all) packed into one PNG (`sprites.png`, at most 4096 × 4096) with its atlas in TexturePacker's JSON hash format (`sprites.json`), which Phaser's `load.atlas` and PixiJS's `Assets.load` read. Each picture is scaled to fit a `frameSize` square, its see-through border cut off when `trim` is on (the atlas keeps where it sat), with `padding` pixels between frames. Frames are named after their objects. Choose by `ids` (comma-separated), `setId` or `styleId`. Refused with 400 when the images do not fit one sheet.",
    access: "user",
    query: spriteSheetQuerySchema,
    responses: {
      200: zipDownload("…-sprites.zip"),
    },
    async handle({ res, services, user, query }) {
      const { images, frameSize, padding, trim, ...selection } = query;
      const objects = await selectExportObjects(services.database.db, {
        userId: user.workspace.id,
        selection: { ...selection, images },
      });
      await writeSpriteSheetZip(
        { db: services.database.db, storage: services.storage },
        {
          objects,
          images,
          sheet: { frameSize, padding, trim },
          out: res,
          onPacked: () => sendingZip(res, `${shortName(objects)}-sprites.zip`),
        },
      ).catch(failedDownload(res));
    },
  }),
  defineOperation({
    method: "get",
    path: "/api/objects/:id/app-icons.zip",
    tag: "Objects",
    summary: "Download app icons",
    description:
      "App icons made from one of the object's images (its cover unless `imageId` names another): PNGs of every size from 16 to 1024 (`png/`), a `favicon.ico` (16, 32 and 48), an Xcode `ios/AppIcon.appiconset` with its `Contents.json` (opaque, on `background`: the App Store refuses transparency) and Android's `android/mipmap-*/ic_launcher.png` with a 512 px Play Store icon.",
    access: "user",
    query: appIconsQuerySchema,
    responses: {
      200: zipDownload("…-app-icons.zip"),
    },
    async handle({ res, services, user, params, query }) {
      await writeAppIconsZip(
        { db: services.database.db, storage: services.storage },
        {
          userId: user.workspace.id,
          objectId: params.id,
          ...query,
          out: res,
          onReady: (objectName) => sendingZip(res, `${slugify(objectName)}-app-icons.zip`),
        },
      ).catch(failedDownload(res));
    },
  }),
];
