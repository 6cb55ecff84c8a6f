import { ArrowRight, Coins } from "lucide-react";
import { AppLink } from "~/components/app-link";
import { DismissibleNotice } from "./ui/dismissible-notice";

/**
 * Says, on arrival, why a new account starts at 0 credits when the landing page promised some:
 * its address had the sign-up credits with an earlier account. Shown once (the server's
 * one-time cookie); kept while the person moves between pages until they close it.
 */
export function SignupCreditsNotice({ buyCredits, className }: { buyCredits: boolean; className?: string }) {
  return (
    <DismissibleNotice label="Sign-up credits" icon={Coins} className={className}>
      <p className="font-semibold">This account starts with 0 credits.</p>
      <p>
        This e-mail address already had its free sign-up credits, with an earlier account, so they are not given again.{" "}
        {buyCredits ? (
          <AppLink
            to="/app/credits"
            className="font-semibold whitespace-nowrap underline decoration-primary-500 underline-offset-2 hover:decoration-2"
          >
            Buy credits <ArrowRight aria-hidden className="inline size-4 align-[-3px]" />
          </AppLink>
        ) : (
          "To get credits, ask the person who runs this Motif to add some to your account."
        )}
      </p>
    </DismissibleNotice>
  );
}
