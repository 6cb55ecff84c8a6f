import { PassThrough } from "node:stream";
import { z } from "zod";
import { AppError } from "#domain/errors";
import { iconGrids, iconPackageFormats } from "#domain/icon-packages";
import { iconPackageQuerySchema } from "#domain/requests/icon-packages";
import { iconPackageOf } from "../icons/packages/package-for-objects.server";
import { writePackageArchive } from "../icons/packages/package-archive.server";
import { defineTool } from "./tool.server";

/** The largest package returned inside an answer: beyond it, the agent downloads it by its link. */
const MAX_INLINE_BYTES = 8 * 1024 * 1024;

const packageResult = z.object({
  fileName: z.string(),
  bytes: z.number().int(),
  icons: z.array(z.object({ name: z.string(), component: z.string(), title: z.string() })),
  leftOut: z.array(z.object({ name: z.string(), reason: z.string() })),
  url: z.string(),
});

/**
 * build_icon_package: an icon set built as a package and returned as the file itself (an embedded
 * resource), with the link that downloads it again. The same checks and package as the download.
 */
export const buildIconPackageTool = defineTool({
  name: "build_icon_package",
  title: "Build an icon package",
  description:
    "Builds some objects' covers as an icon set on a grid, in currentColor, and returns the package file itself " +
    "(base64, as an embedded resource) with a link to download it again: a React, Vue or Svelte package (an npm " +
    "tarball: npm install ./file.tgz), an icon font (WOFF2, WOFF, TTF, CSS, cheat sheet), Iconify JSON or a folder " +
    "of SVGs with a sprite (ZIPs). Objects whose style is not flat and that no vector model drew are left out. " +
    "The link needs the header Authorization: Bearer <your API key>.",
  input: {
    format: z.enum(iconPackageFormats).describe("react, vue, svelte, font, iconify or svg."),
    name: z.string().describe('The package name, as npm takes it: "finance-icons" or "@studio/finance-icons".'),
    version: z.string().optional().describe("A semantic version (default 1.0.0)."),
    prefix: z.string().optional().describe("The Iconify prefix and CSS class prefix (default: from the name)."),
    license: z.string().optional().describe("An SPDX licence identifier, or UNLICENSED (the default)."),
    grid: z
      .number()
      .int()
      .optional()
      .describe(`The icons' viewBox: ${iconGrids.join(", ")} (default 24).`),
    setId: z.string().optional().describe("A set (a job id from generate_objects): its objects."),
    objectIds: z.array(z.string()).optional().describe("Objects by id (instead of setId or styleId)."),
    styleId: z.string().optional().describe("Every object of a style (instead of setId or objectIds)."),
  },
  output: packageResult,
  annotations: { readOnlyHint: true, openWorldHint: false },
  async run({ services, user }, args) {
    // Checked as the download checks its query, with its messages.
    const query = iconPackageQuerySchema.parse({
      format: args.format,
      name: args.name,
      version: args.version,
      prefix: args.prefix,
      license: args.license,
      grid: args.grid,
      setId: args.setId,
      styleId: args.styleId,
      ids: args.objectIds?.join(","),
    });
    const { set, built } = await iconPackageOf(
      { db: services.database.db, storage: services.storage },
      { workspaceId: user.workspace.id, query },
    );
    const chunks: Buffer[] = [];
    const sink = new PassThrough();
    sink.on("data", (chunk: Buffer) => chunks.push(chunk));
    await writePackageArchive(built, sink);
    const file = Buffer.concat(chunks);
    if (file.length > MAX_INLINE_BYTES) {
      throw new AppError("conflict", "The package is over 8 MB: download it from GET /api/objects/icon-package.");
    }
    const params = new URLSearchParams(
      Object.entries({ ...args, objectIds: undefined, ids: args.objectIds?.join(",") }).flatMap(([key, value]) =>
        value === undefined ? [] : [[key, String(value)]],
      ),
    );
    const url = `${services.config.publicUrl}/api/objects/icon-package?${params}`;
    const mimeType = built.archive === "tgz" ? "application/gzip" : "application/zip";
    const icons = set.icons.map(({ name: icon, component, title }) => ({ name: icon, component, title }));
    return {
      content: [
        {
          type: "text",
          text:
            `${built.fileName}: ${set.icons.length} icons (${icons.map((icon) => icon.name).join(", ")})` +
            (set.leftOut.length ? `; left out: ${set.leftOut.map((o) => `${o.name} (${o.reason})`).join("; ")}` : "") +
            `. Download it again from ${url}`,
        },
        { type: "resource", resource: { uri: url, mimeType, blob: file.toString("base64") } },
      ],
      structuredContent: { fileName: built.fileName, bytes: file.length, icons, leftOut: set.leftOut, url },
    };
  },
});
