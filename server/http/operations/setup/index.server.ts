import { readSetupOperation } from "./read-setup.server";
import { checkImageProviderOperation } from "./check-image-provider.server";
import { sendTestEmailOperation } from "./send-test-email.server";
import { grantCreditsOperation } from "./grant-credits.server";
import { countPageViewOperation } from "./count-page-view.server";

/** The operator's setup page calls (everyone else gets the same 404 as an unknown path), and the page counter. */
export const setupOperations = [
  readSetupOperation,
  checkImageProviderOperation,
  sendTestEmailOperation,
  grantCreditsOperation,
  countPageViewOperation,
];
