import { MoreHorizontal } from "lucide-react";
import { lazy } from "react";
import type { OperatorUser } from "#domain/operator-users";
import { teamRoleLabels } from "#domain/teams";
import { ago, count, utcDateTime } from "~/lib/words/admin-format";
import { cn } from "~/lib/ui/cn";
import { LazyDropdown } from "../ui/lazy-dropdown";
import type { AccountAction } from "./account-dialogs";

const pill = "inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium";

function AccountBadges({ user, you }: { user: OperatorUser; you: boolean }) {
  return (
    <>
      {user.teams.map((team) => (
        <span
          key={team.id}
          title={`${teamRoleLabels[team.role]} of ${team.name}`}
          className={cn(pill, "bg-neutral-100 text-neutral-700 dark:bg-neutral-800 dark:text-neutral-300")}
        >
          {team.name}
          {team.role === "owner" && <span className="sr-only"> (owner)</span>}
        </span>
      ))}
      {you && (
        <span className={cn(pill, "bg-primary-50 text-primary-700 dark:bg-primary-950 dark:text-primary-300")}>
          You
        </span>
      )}
      {user.disabled && (
        <span className={cn(pill, "bg-error-50 text-error-700 dark:bg-error-950/60 dark:text-error-300")}>
          Disabled
        </span>
      )}
    </>
  );
}

function Balance({ user }: { user: OperatorUser }) {
  return (
    <span className="tabular-nums">
      {count(user.credits)}
      {user.debt > 0 && (
        <span className="block text-xs text-error-600 dark:text-error-400">owes {count(user.debt)}</span>
      )}
    </span>
  );
}

/** The menu of what an operator can do to one account. */
const loadMenu = () => import("./account-menu");
const AccountMenuItems = lazy(loadMenu);

function AccountMenu(props: { user: OperatorUser; you: boolean; onAction(a: AccountAction): void }) {
  return (
    <LazyDropdown
      preload={loadMenu}
      trigger={
        <button
          type="button"
          aria-label={`Actions for ${props.user.email}`}
          className="grid size-9 place-items-center rounded-lg text-neutral-500 hover:bg-neutral-100 hover:text-neutral-900 data-[state=open]:bg-neutral-100 dark:text-neutral-400 dark:hover:bg-neutral-800 dark:hover:text-white dark:data-[state=open]:bg-neutral-800"
        >
          <MoreHorizontal aria-hidden className="size-5" />
        </button>
      }
    >
      {(menu) => <AccountMenuItems {...menu} {...props} />}
    </LazyDropdown>
  );
}

const th = "px-4 py-3 text-left text-xs font-semibold tracking-wide text-neutral-500 uppercase dark:text-neutral-400";
const td = "px-4 py-3 align-middle";

/**
 * The accounts, as a table on wide screens and as cards on phones, each with its actions menu.
 * `now` is the server's time, so "5 min ago" reads the same before and after hydration.
 */
export function UsersTable(props: {
  users: OperatorUser[];
  myId: string;
  now: string;
  onAction(action: AccountAction): void;
}) {
  const now = new Date(props.now);
  return (
    <>
      <div className="hidden overflow-hidden rounded-2xl border border-neutral-200 bg-white md:block dark:border-neutral-800 dark:bg-neutral-900">
        <table className="w-full text-sm">
          <caption className="sr-only">Accounts</caption>
          <thead className="border-b border-neutral-200 bg-neutral-50/80 dark:border-neutral-800 dark:bg-neutral-900">
            <tr>
              <th scope="col" className={th}>
                Account
              </th>
              <th scope="col" className={cn(th, "text-right")}>
                Balance
              </th>
              <th scope="col" className={cn(th, "text-right")}>
                Images
              </th>
              <th scope="col" className={th}>
                Last active
              </th>
              <th scope="col" className={th}>
                Joined
              </th>
              <th scope="col" className={cn(th, "w-12")}>
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-neutral-100 dark:divide-neutral-800">
            {props.users.map((user) => {
              const you = user.id === props.myId;
              return (
                <tr
                  key={user.id}
                  data-testid="account-row"
                  className={cn(user.disabled && "bg-error-50/40 dark:bg-error-950/20")}
                >
                  <td className={td}>
                    <div className="flex flex-wrap items-center gap-2">
                      <span className="font-medium break-all text-neutral-900 dark:text-white">{user.email}</span>
                      <AccountBadges user={user} you={you} />
                    </div>
                  </td>
                  <td className={cn(td, "text-right")}>
                    <Balance user={user} />
                  </td>
                  <td className={cn(td, "text-right tabular-nums")}>{count(user.imagesMade)}</td>
                  <td className={cn(td, "text-neutral-600 dark:text-neutral-400")}>
                    <span title={user.lastActiveAt ? utcDateTime(user.lastActiveAt) : undefined}>
                      {ago(user.lastActiveAt, now)}
                    </span>
                  </td>
                  <td className={cn(td, "text-neutral-600 dark:text-neutral-400")}>
                    {utcDateTime(user.createdAt).replace(/, .*$/, "")}
                  </td>
                  <td className={cn(td, "py-1.5 text-right")}>
                    <AccountMenu user={user} you={you} onAction={props.onAction} />
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>

      <ul className="grid gap-3 md:hidden" aria-label="Accounts">
        {props.users.map((user) => {
          const you = user.id === props.myId;
          return (
            <li
              key={user.id}
              data-testid="account-card"
              className="rounded-2xl border border-neutral-200 bg-white p-4 dark:border-neutral-800 dark:bg-neutral-900"
            >
              <div className="flex items-start gap-3">
                <div className="min-w-0 flex-1">
                  <p className="font-medium break-all text-neutral-900 dark:text-white">{user.email}</p>
                  <div className="mt-1 flex flex-wrap gap-2">
                    <AccountBadges user={user} you={you} />
                  </div>
                </div>
                <AccountMenu user={user} you={you} onAction={props.onAction} />
              </div>
              <dl className="mt-3 grid grid-cols-3 gap-2 text-sm">
                <div>
                  <dt className="text-xs text-neutral-500 dark:text-neutral-400">Balance</dt>
                  <dd className="font-medium">
                    <Balance user={user} />
                  </dd>
                </div>
                <div>
                  <dt className="text-xs text-neutral-500 dark:text-neutral-400">Images</dt>
                  <dd className="font-medium tabular-nums">{count(user.imagesMade)}</dd>
                </div>
                <div>
                  <dt className="text-xs text-neutral-500 dark:text-neutral-400">Active</dt>
                  <dd className="font-medium">{ago(user.lastActiveAt, now)}</dd>
                </div>
              </dl>
            </li>
          );
        })}
      </ul>
    </>
  );
}
