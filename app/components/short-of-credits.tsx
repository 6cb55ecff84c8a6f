import { TriangleAlert } from "lucide-react";
import { useRouteLoaderData } from "react-router";
import { AppLink } from "~/components/app-link";
import type { CheaperChoice } from "~/lib/words/cheaper-choices";
import { plural } from "~/lib/words/object-format";
import { RequestCreditsButton } from "./request-credits";

/**
 * The price is over the balance: the same sentence as always, then what still fits
 * (each a button that switches to it), then where more credits come from — Buy credits
 * where payments are on, otherwise a request to the operators. `testId` prefixes the
 * parts' test ids ("composer-short", "composer-cheaper", "composer-buy-credits").
 */
export function ShortOfCredits(props: {
  price: number;
  balance: number;
  choices: CheaperChoice[];
  onChoose(choice: CheaperChoice): void;
  testId: string;
}) {
  const { choices, testId } = props;
  const buyCredits = Boolean(useRouteLoaderData<{ buyCredits?: boolean }>("layouts/app")?.buyCredits);
  return (
    <div className="flex flex-col gap-2 text-sm" data-testid={`${testId}-short-help`}>
      <p
        className="flex items-start gap-2 font-medium text-warning-800 dark:text-warning-300"
        data-testid={`${testId}-short`}
      >
        <TriangleAlert aria-hidden className="mt-0.5 size-4 shrink-0" />
        <span>
          This needs {plural(props.price, "credit")}; you have {props.balance}.
        </span>
      </p>
      {choices.length > 0 && (
        <p className="flex flex-wrap items-center gap-x-3 gap-y-1 pl-6" data-testid={`${testId}-cheaper`}>
          {choices.map((choice) =>
            choice.kind === "objects" ? (
              <span key={choice.kind}>{choice.text}.</span>
            ) : (
              <button
                key={`${choice.kind}-${choice.price}`}
                type="button"
                onClick={() => props.onChoose(choice)}
                className="rounded font-medium text-primary-700 underline underline-offset-2 hover:text-primary-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-500 dark:text-primary-300 dark:hover:text-primary-200"
              >
                {choice.text}
                <span className="sr-only">: switch to it</span>
              </button>
            ),
          )}
        </p>
      )}
      <div className="pl-6">
        {buyCredits ? (
          <AppLink
            to="/app/credits"
            className="font-medium text-warning-800 underline underline-offset-2 hover:text-warning-950 dark:text-warning-300 dark:hover:text-warning-100"
            data-testid={`${testId}-buy-credits`}
          >
            Buy credits
          </AppLink>
        ) : (
          <span className="flex flex-wrap items-center gap-x-3 gap-y-1">
            <span>The operators of this Motif can add credits.</span>
            <RequestCreditsButton size="sm" />
          </span>
        )}
      </div>
    </div>
  );
}
