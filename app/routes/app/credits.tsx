import type { ReactNode } from "react";
import { CircleCheck, Coins, LoaderCircle, TriangleAlert } from "lucide-react";
import { useEffect, useState } from "react";
import { useAuth } from "~/components/auth-provider";
import { CreditHistory } from "~/components/credit-history";
import { PageHeader } from "~/components/page-header";
import { RequestCreditsButton } from "~/components/request-credits";
import { Button } from "~/components/ui/button";
import { ApiError } from "~/lib/api/api";
import { callApi } from "~/lib/api/api-client";
import { subscribeLiveEvents } from "~/lib/api/live-events";
import { toast } from "~/lib/state/toast-store";
import { useCoalescedRevalidate } from "~/lib/hooks/use-live-jobs";
import { useIdempotencyKey } from "~/lib/hooks/use-idempotency-key";
import { useConsoleCreditsLink, useTeamName } from "~/lib/hooks/use-shell-data";
import { workspaceContext } from "#server/ui/require-user.server";
import { creditsPage, type CheckoutView, type PackView } from "#server/billing/credits-page.server";
import { servicesContext } from "#server/ui/context";
import { withRouteErrors } from "#server/http/route-errors.server";
import type { Route } from "./+types/credits";
import { formatCount } from "#domain/count-words";

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: `${loaderData?.payments === false ? "Credits" : "Buy credits"} · Motif` }];
}

// With Stripe configured the page sells packs; without it, it says how to ask the operators.
export const loader = withRouteErrors(async ({ context, request }: Route.LoaderArgs) => {
  const services = context.get(servicesContext);
  const workspace = context.get(workspaceContext);
  const params = new URL(request.url).searchParams;
  const page = await creditsPage(
    { db: services.database.db, billing: services.config.billing },
    { workspaceId: workspace.id, checkoutSessionId: params.get("session_id") },
  );
  return { ...page, cancelled: params.get("checkout") === "cancelled" };
});

const noticeClasses = "mb-6 flex items-start gap-3 rounded-2xl border p-4 text-sm";
const noticeTones = {
  success:
    "border-success-200 bg-success-50 text-success-800 dark:border-success-900 dark:bg-success-950 dark:text-success-200",
  neutral:
    "border-neutral-200 bg-white text-neutral-700 dark:border-neutral-800 dark:bg-neutral-900 dark:text-neutral-300",
};

function Notice(props: { tone: keyof typeof noticeTones; children: ReactNode }) {
  return (
    <p role="status" data-testid="checkout-notice" className={`${noticeClasses} ${noticeTones[props.tone]}`}>
      {props.children}
    </p>
  );
}

function CheckoutNotice({ checkout, cancelled }: { checkout: CheckoutView | null; cancelled: boolean }) {
  if (checkout?.granted) {
    return (
      <Notice tone="success">
        <CircleCheck aria-hidden className="mt-0.5 size-4 shrink-0" />
        Thank you: {formatCount(checkout.credits)} credits were added to your balance.
      </Notice>
    );
  }
  if (checkout) {
    return (
      <Notice tone="neutral">
        <LoaderCircle aria-hidden className="mt-0.5 size-4 shrink-0 animate-spin" />
        Payment of {checkout.price} received. Your {formatCount(checkout.credits)} credits appear here as soon as Stripe
        confirms it, usually within seconds.
      </Notice>
    );
  }
  if (cancelled) return <Notice tone="neutral">Checkout cancelled: nothing was charged.</Notice>;
  return null;
}

function PackCard({
  pack,
  busy,
  disabled,
  onBuy,
}: {
  pack: PackView;
  busy: boolean;
  disabled: boolean;
  onBuy: () => void;
}) {
  return (
    <li className="flex flex-col gap-4 rounded-2xl border border-neutral-200 bg-white p-6 dark:border-neutral-800 dark:bg-neutral-900">
      <p className="flex items-center gap-2 text-2xl font-semibold tabular-nums">
        <Coins aria-hidden className="size-5 text-amber-500" />
        {formatCount(pack.credits)} credits
      </p>
      <p className="text-lg text-neutral-700 dark:text-neutral-300">{pack.price}</p>
      <Button
        className="mt-auto"
        disabled={disabled}
        onClick={onBuy}
        aria-label={`Buy ${formatCount(pack.credits)} credits for ${pack.price}`}
      >
        {busy && <LoaderCircle aria-hidden className="size-4 animate-spin" />}
        Buy for {pack.price}
      </Button>
    </li>
  );
}

function Balance() {
  const { authUser } = useAuth();
  // In a team's workspace, the balance is the team's, which its members spend.
  const team = useTeamName();
  return (
    <p className="mb-6 text-sm text-neutral-600 dark:text-neutral-400">
      {team ? `${team}'s balance` : "Your balance"}:{" "}
      <span className="font-semibold text-neutral-900 tabular-nums dark:text-neutral-100" data-testid="credits-balance">
        {authUser ? `${formatCount(authUser.credits)} credits` : "…"}
      </span>
    </p>
  );
}

function HistorySection() {
  return (
    <section className="mt-10 rounded-2xl border border-neutral-200 bg-white p-6 dark:border-neutral-800 dark:bg-neutral-900">
      <h2 className="mb-4 text-lg font-semibold">History</h2>
      <CreditHistory />
    </section>
  );
}

/** Without Stripe nothing is for sale: the balance, its history, and asking the operators for more. */
function OperatorCredits() {
  const operator = useConsoleCreditsLink() !== null;
  return (
    <>
      <PageHeader
        title="Credits"
        description="Credits pay for generations. This Motif does not sell them: its operators add them."
      />
      <Balance />
      <section
        aria-labelledby="more-credits"
        className="rounded-2xl border border-neutral-200 bg-white p-6 dark:border-neutral-800 dark:bg-neutral-900"
      >
        <h2 id="more-credits" className="flex items-center gap-2 text-lg font-semibold">
          <Coins aria-hidden className="size-5 text-amber-500" />
          Getting more credits
        </h2>
        <p className="mt-2 max-w-prose text-sm text-neutral-600 dark:text-neutral-400">
          {operator
            ? "You operate this Motif: give credits to any account or team in the console, and they appear here at once."
            : "Ask the operators of this Motif: they get an e-mail with your address, your balance and your note, and the credits they add appear here at once. You can ask once an hour."}
        </p>
        <RequestCreditsButton variant="primary" className="mt-4" />
      </section>
      <HistorySection />
    </>
  );
}

export default function CreditsPage({ loaderData }: Route.ComponentProps) {
  if (!loaderData.payments) return <OperatorCredits />;
  return <BuyCredits {...loaderData} />;
}

function BuyCredits({ packs, debt, checkout, cancelled }: Route.ComponentProps["loaderData"]) {
  const { keyFor } = useIdempotencyKey();
  const [buying, setBuying] = useState<string | null>(null);
  const revalidate = useCoalescedRevalidate();

  // A purchase granted (or taken back) while the page is open: the notice and debt follow.
  useEffect(() => subscribeLiveEvents((event) => event.type === "credits" && revalidate()), [revalidate]);

  async function buy(packId: string) {
    setBuying(packId);
    const body = { packId };
    try {
      const { url } = await callApi("post", "/api/credits/checkout", {
        body,
        headers: { "Idempotency-Key": keyFor("/api/credits/checkout", body) },
      });
      window.location.assign(url);
    } catch (error) {
      toast.error(
        "Checkout error",
        error instanceof ApiError ? error.message : "The payment page could not be opened.",
      );
      setBuying(null);
    }
  }

  return (
    <>
      <PageHeader
        title="Buy credits"
        description="Credits pay for generations. Payment is handled by Stripe; credits are added as soon as it confirms."
      />
      <CheckoutNotice checkout={checkout} cancelled={cancelled} />
      {debt > 0 && (
        <p
          role="alert"
          data-testid="credit-debt"
          className={`${noticeClasses} border-warning-200 bg-warning-50 text-warning-800 dark:border-warning-900 dark:bg-warning-950 dark:text-warning-200`}
        >
          <TriangleAlert aria-hidden className="mt-0.5 size-4 shrink-0" />
          Your account owes {formatCount(debt)} {debt === 1 ? "credit" : "credits"} after a refunded or disputed
          payment. The next pack you buy settles it first; until then generating is paused.
        </p>
      )}
      <Balance />
      <ul aria-label="Credit packs" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {packs.map((pack) => (
          <PackCard
            key={pack.id}
            pack={pack}
            busy={buying === pack.id}
            disabled={buying !== null}
            onBuy={() => void buy(pack.id)}
          />
        ))}
      </ul>
      <HistorySection />
    </>
  );
}
