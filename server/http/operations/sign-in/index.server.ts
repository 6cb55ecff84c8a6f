import { emailSignInLinkOperation } from "./email-sign-in-link.server";
import { redeemSignInLinkOperation } from "./redeem-sign-in-link.server";
import { signInLinkStatusOperation } from "./sign-in-link-status.server";
import { startSessionOperation } from "./start-session.server";
import { signOutOperation } from "./sign-out.server";
import { startProviderSignInOperation } from "./start-provider-sign-in.server";
import { finishProviderSignInOperation } from "./finish-provider-sign-in.server";

/** The browser's sign-in: e-mail links, the session cookie, and federated sign-in. */
export const signInOperations = [
  emailSignInLinkOperation,
  redeemSignInLinkOperation,
  signInLinkStatusOperation,
  startSessionOperation,
  signOutOperation,
  startProviderSignInOperation,
  finishProviderSignInOperation,
];
