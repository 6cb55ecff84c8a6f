import { z } from "zod";
import type { PriceTable } from "./pricing";

const priceSchema = z.object({
  square: z.number().int().min(0),
  other: z.number().int().min(0).meta({ description: "Portrait or landscape." }),
});

/** What one image costs, in credits, by detail level and shape (square / portrait or landscape). */
export const priceTableSchema = z.object({ draft: priceSchema, standard: priceSchema, high: priceSchema }).meta({
  id: "PriceTable",
  description: "What one image costs, in credits, by detail level and shape.",
}) satisfies z.ZodType<PriceTable>;
