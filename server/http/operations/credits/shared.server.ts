import type { Services } from "../../../services";
import { AppError } from "../../errors.server";

/** The billing settings, or a 404: without Stripe there is nothing to buy. */
export function billingOf(services: Services) {
  if (!services.config.billing) throw new AppError("not_found", "Not found");
  return services.config.billing;
}
