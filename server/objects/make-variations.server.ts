import type { z } from "zod";
import { jobTitle, type VariationsParams } from "#domain/jobs";
import type { variationsRequestSchema } from "#domain/objects";
import { unitPrice } from "#domain/pricing";
import { dispatchJob } from "../generation/dispatch.server";
import { insertPaidJob } from "../generation/submit.server";
import type { ObjectDeps } from "./generate-objects.server";
import { requireOwnedObject } from "./object-records.server";

/**
 * More images of one object, as a paid job: by default in the object's own size,
 * detail and transparency; any of them can be changed ("generate again").
 */
export async function makeVariations(
  deps: ObjectDeps,
  options: {
    userId: string;
    objectId: string;
    input: z.output<typeof variationsRequestSchema>;
  },
) {
  const { db } = deps.database;
  const object = await requireOwnedObject(db, options);
  const result = await db.transaction(async (tx) => {
    const params: VariationsParams = {
      v: 1,
      objectId: object.id,
      name: object.name,
      count: options.input.count,
      size: options.input.size ?? object.size,
      detail: options.input.detail ?? object.detail,
      transparent: options.input.transparent ?? object.transparent,
    };
    const job = await insertPaidJob(tx, {
      userId: options.userId,
      kind: "variations",
      styleId: object.styleId,
      params,
      title: jobTitle("variations", { styleName: "", name: object.name, count: params.count }),
      unitCredits: unitPrice({ ...params, rate: deps.providers.default.priceRate }),
      provider: deps.providers.default,
    });
    return { job };
  });
  await dispatchJob(deps, result.job);
  return result;
}
