import { z } from "zod";
import { idempotencyKeySchema } from "#domain/idempotency";
import type { Reply } from "./operation.server";

/** How the reference describes what is not JSON: files, and the headers that come with them. */
export const binary = { type: "string", format: "binary" };
export const etag = {
  description: "The file's version: send it back as If-None-Match.",
  schema: { type: "string" },
};
export const cacheControl = (value: string) => ({ description: value, schema: { type: "string" } });
export const notModified: Reply = { description: "The copy the client has (its If-None-Match) is current." };
export const ifNoneMatch = z.object({ "If-None-Match": z.string().optional() });

/** A download's name, as Content-Disposition says it. */
export const attachment = (fileName: string) => ({
  "Content-Disposition": { description: `attachment; filename="${fileName}"`, schema: { type: "string" } },
});

/** A ZIP answered as a download. */
export const zipDownload = (fileName: string): Reply => ({
  description: "The ZIP archive.",
  media: { "application/zip": { schema: binary } },
  headers: attachment(fileName),
});

export const idempotencyHeaders = z.object({
  "Idempotency-Key": idempotencyKeySchema.meta({
    description:
      "Any 8 to 200 characters, new for each new request. A repeat with the same key and body gets the first answer (for 24 hours) and spends nothing again.",
  }),
});
