import * as replies from "#domain/api-replies";
import { formatPackPrice } from "#domain/credit-packs";
import { defineOperation } from "../operation.server";
import { billingOf } from "./shared.server";

export const listCreditPacksOperation = defineOperation({
  method: "get",
  path: "/api/credits/packs",
  tag: "Credits",
  summary: "Credit packs for sale",
  description: "The packs the operator sells (CREDIT_PACKS). 404 when this instance sells none.",
  access: "user",
  errors: [404],
  responses: { 200: { description: "The packs, cheapest first as configured.", json: replies.creditPacksReply } },
  async handle({ services }) {
    const billing = billingOf(services);
    return { status: 200, body: { packs: billing.packs.map((pack) => ({ ...pack, price: formatPackPrice(pack) })) } };
  },
});
