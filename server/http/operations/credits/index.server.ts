import { listCreditPacksOperation } from "./list-credit-packs.server";
import { buyCreditPackOperation } from "./buy-credit-pack.server";
import { askOperatorsForCreditsOperation } from "./ask-operators-for-credits.server";
import { grantCreditsFromCommandOperation } from "./grant-credits-from-command.server";
import { receiveStripeEventsOperation } from "./receive-stripe-events.server";

/**
 * Getting credits: the packs for sale and a Stripe Checkout Session for one of them, or, with
 * or without Stripe, a request that e-mails the operators; Stripe's events; and the operator's
 * command reaching a running server.
 */
export const creditOperations = [
  listCreditPacksOperation,
  buyCreditPackOperation,
  askOperatorsForCreditsOperation,
  grantCreditsFromCommandOperation,
  receiveStripeEventsOperation,
];
