import { ICON_COUNT_HEADER, iconPackageFormatLabels } from "#domain/icon-packages";
import { iconPackageQuerySchema } from "#domain/requests/icon-packages";
import { iconPackageOf } from "../../../icons/packages/package-for-objects.server";
import { writePackageArchive } from "../../../icons/packages/package-archive.server";
import { defineOperation } from "../operation.server";
import { failedDownload } from "./shared.server";

export const downloadIconPackageOperation = defineOperation({
  method: "get",
  path: "/api/objects/icon-package",
  tag: "Objects",
  summary: "Download an icon package",
  description: `The chosen objects' covers as an icon set on a grid (16, 20, 24 or 32): each icon's SVG (a vector model's original, or traced in its flat style) fitted to the grid's live area without its background, in \`currentColor\`. \`format\`: ${Object.entries(
    iconPackageFormatLabels,
  )
    .map(([format, label]) => `\`${format}\` (${label})`)
    .join(
      ", ",
    )}. React, Vue and Svelte come as npm tarballs (\`npm install ./name-1.0.0.tgz\`), each icon a component with \`size\`, \`color\`, \`strokeWidth\` and \`title\`; the others as ZIPs. Each has a README, the licence, and the attribution of icons redrawn from open libraries. Objects that cannot be icons are left out; when none can, 409. Choose by \`ids\` (comma-separated), \`setId\` or \`styleId\`; the \`${ICON_COUNT_HEADER}\` header says how many icons it holds.`,
  access: "user",
  query: iconPackageQuerySchema,
  errors: [409],
  responses: {
    200: {
      description: "The package.",
      media: {
        "application/gzip": { schema: { type: "string", format: "binary" } },
        "application/zip": { schema: { type: "string", format: "binary" } },
      },
      headers: {
        "Content-Disposition": { description: 'attachment; filename="…"', schema: { type: "string" } },
        [ICON_COUNT_HEADER]: { description: "How many icons the package holds.", schema: { type: "integer" } },
      },
    },
  },
  async handle({ res, services, user, query }) {
    const { set, built } = await iconPackageOf(
      { db: services.database.db, storage: services.storage },
      { workspaceId: user.workspace.id, query },
    );
    res.setHeader("Content-Type", built.archive === "tgz" ? "application/gzip" : "application/zip");
    res.setHeader("Content-Disposition", `attachment; filename="${built.fileName}"`);
    res.setHeader(ICON_COUNT_HEADER, String(set.icons.length));
    res.setHeader("Cache-Control", "private, no-store");
    await writePackageArchive(built, res).catch(failedDownload(res));
  },
});
