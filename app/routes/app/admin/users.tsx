import { ChevronLeft, ChevronRight, Search, UserX } from "lucide-react";
import { useState } from "react";
import { Form, Link, useRevalidator, useSearchParams, useSubmit } from "react-router";
import {
  AccountStatusDialog,
  CreditsDialog,
  DeleteAccountDialog,
  type AccountAction,
} from "~/components/admin/account-dialogs";
import { UsersTable } from "~/components/admin/users-table";
import { EmptyState } from "~/components/empty-state";
import { buttonClasses } from "~/components/ui/button";
import { inputClasses } from "~/components/ui/text-field";
import { count } from "~/lib/words/admin-format";
import { cn } from "~/lib/ui/cn";
import { listUsersQuerySchema, USERS_PAGE, type userSorts } from "#domain/operator-users";
import { withRouteErrors } from "#server/http/route-errors.server";
import { operatorRoute } from "#server/ui/operator-route.server";
import { listAccounts } from "#server/operator/user-directory.server";
import type { Route } from "./+types/users";

export function meta() {
  return [{ title: "Users · Operator console · Motif" }];
}

export const loader = withRouteErrors(async ({ context, request }: Route.LoaderArgs) => {
  const { services, user } = await operatorRoute(context);
  const params = Object.fromEntries(new URL(request.url).searchParams);
  // A hand-edited address falls back to the first page, newest first, rather than an error page.
  const query = listUsersQuerySchema.safeParse(params).data ?? listUsersQuerySchema.parse({});
  const { users, total } = await listAccounts(services.database.db, query);
  return { users, total, query, myId: user.id, now: new Date().toISOString() };
});

const sortLabels: Record<(typeof userSorts)[number], string> = {
  newest: "Newest first",
  active: "Recently active",
  balance: "Largest balance",
  email: "Address (A–Z)",
};

/** The console's accounts: search, sort, page, and each account's actions. */
export default function UsersPage({ loaderData }: Route.ComponentProps) {
  const { users, total, query, myId, now } = loaderData;
  const [action, setAction] = useState<AccountAction | null>(null);
  const revalidator = useRevalidator();
  const submit = useSubmit();
  const [searchParams] = useSearchParams();
  const pages = Math.max(1, Math.ceil(total / USERS_PAGE));
  const first = total === 0 ? 0 : (query.page - 1) * USERS_PAGE + 1;
  const last = Math.min(total, query.page * USERS_PAGE);
  const pageLink = (page: number) => {
    const next = new URLSearchParams(searchParams);
    next.set("page", String(page));
    return `?${next.toString()}`;
  };
  const dialogProps = action && {
    user: action.user,
    onClose: () => setAction(null),
    onDone: () => void revalidator.revalidate(),
  };

  return (
    <section aria-labelledby="users-heading" className="grid gap-5">
      <h2 id="users-heading" className="sr-only">
        Users
      </h2>
      <Form method="get" role="search" className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <div className="relative flex-1">
          <label htmlFor="user-search" className="sr-only">
            Search by address
          </label>
          <Search
            aria-hidden
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-neutral-400"
          />
          <input
            id="user-search"
            type="search"
            name="q"
            defaultValue={query.q ?? ""}
            placeholder="Search by address"
            className={cn(inputClasses, "pl-9")}
          />
        </div>
        <div className="flex gap-3">
          <label htmlFor="user-sort" className="sr-only">
            Sort
          </label>
          <div className="w-44">
            <select
              id="user-sort"
              name="sort"
              defaultValue={query.sort}
              onChange={(e) => void submit(e.currentTarget.form)}
              className={inputClasses}
            >
              {Object.entries(sortLabels).map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </select>
          </div>
          <button type="submit" className={buttonClasses("secondary")}>
            Search
          </button>
        </div>
      </Form>

      <p className="text-sm text-neutral-600 dark:text-neutral-400" aria-live="polite">
        {total === 0
          ? "No accounts"
          : `${count(first)}–${count(last)} of ${count(total)} account${total === 1 ? "" : "s"}`}
        {query.q ? ` matching “${query.q}”` : ""}
      </p>

      {users.length === 0 ? (
        <EmptyState icon={UserX} title={query.q ? "No account matches" : "No accounts on this page"}>
          {query.q
            ? "Try part of the address: a name, or the domain after the @."
            : "Go back to the first page to see the accounts."}
        </EmptyState>
      ) : (
        <UsersTable users={users} myId={myId} now={now} onAction={setAction} />
      )}

      {pages > 1 && (
        <nav aria-label="Pages" className="flex items-center justify-between gap-3">
          <Link
            to={pageLink(query.page - 1)}
            aria-disabled={query.page <= 1}
            className={cn(buttonClasses("secondary", "sm"), query.page <= 1 && "pointer-events-none opacity-50")}
          >
            <ChevronLeft aria-hidden className="size-4" /> Previous
          </Link>
          <span className="text-sm text-neutral-600 dark:text-neutral-400">
            Page {query.page} of {pages}
          </span>
          <Link
            to={pageLink(query.page + 1)}
            aria-disabled={query.page >= pages}
            className={cn(buttonClasses("secondary", "sm"), query.page >= pages && "pointer-events-none opacity-50")}
          >
            Next <ChevronRight aria-hidden className="size-4" />
          </Link>
        </nav>
      )}

      {action?.kind === "credits" && dialogProps && (
        <CreditsDialog
          holder={{
            kind: "account",
            id: action.user.id,
            label: action.user.email,
            credits: action.user.credits,
            debt: action.user.debt,
          }}
          onClose={dialogProps.onClose}
          onDone={dialogProps.onDone}
        />
      )}
      {(action?.kind === "disable" || action?.kind === "enable") && dialogProps && (
        <AccountStatusDialog {...dialogProps} disable={action.kind === "disable"} />
      )}
      {action?.kind === "delete" && dialogProps && <DeleteAccountDialog {...dialogProps} />}
    </section>
  );
}
