import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { newerBalance, type BalanceReading } from "~/lib/state/credits-version";
import { fetchProfile, signOut as requestSignOut, type AuthUser } from "~/lib/api/auth-client";
import { reconnectLiveEvents, subscribeLiveEvents } from "~/lib/api/live-events";
import { toast } from "~/lib/state/toast-store";
import { useSafeNavigate } from "~/lib/hooks/use-safe-navigate";
import { toastMessages } from "~/lib/words/toast-messages";

interface AuthActions {
  refresh(): Promise<void>;
  signOut(): Promise<void>;
}

interface AuthState extends AuthActions {
  /** The signed-in user's profile, or null until loaded. */
  authUser: AuthUser | null;
  /** Spec §4: set once the profile has been loaded (or failed to load). */
  loaded: boolean;
}

// Two contexts: the actions never change, so a page that only refreshes the balance or signs out
// is not rendered again each time the balance moves (the profile arrives just after hydration).
const AuthActionsContext = createContext<AuthActions | null>(null);
const AuthProfileContext = createContext<Pick<AuthState, "authUser" | "loaded"> | null>(null);

/** The profile with this balance: the same object when the balance is the same, so nothing redraws. */
function withBalance(user: AuthUser, balance: BalanceReading): AuthUser {
  if (user.credits === balance.credits && user.creditsVersion === balance.creditsVersion) return user;
  return { ...user, credits: balance.credits, creditsVersion: balance.creditsVersion };
}

/**
 * Auth state for the signed-in area: the profile (credits), shown from the document where it came
 * with it and read again after hydration, and signing out. The balance is the workspace's the page acts in
 * (`workspaceId`): when that changes, it is read afresh from there.
 */
export function AuthProvider({
  children,
  workspaceId,
  initialUser,
}: {
  children: ReactNode;
  workspaceId?: string;
  /** The profile as the document was rendered with it: shown at once, before the profile is read. */
  initialUser?: AuthUser;
}) {
  const navigate = useSafeNavigate();
  const [authUser, setAuthUser] = useState<AuthUser | null>(initialUser ?? null);
  const [loaded, setLoaded] = useState(initialUser !== undefined);
  // The newest balance seen on the live stream, kept even before the profile has arrived.
  const latestLive = useRef<BalanceReading | null>(null);

  const refresh = useCallback(async () => {
    try {
      const profile = await fetchProfile();
      // A live event, or an earlier read that answered later, may hold a newer balance.
      const live = latestLive.current;
      setAuthUser((current) => {
        let balance: BalanceReading = profile;
        for (const other of [live, current]) if (other) balance = newerBalance(other, balance);
        // The same profile as shown (the document's, most often): kept, so nothing redraws.
        if (current?.uid === profile.uid && current.email === profile.email) return withBalance(current, balance);
        return withBalance(profile, balance);
      });
    } catch {
      toast(toastMessages.creditBalanceError);
    } finally {
      setLoaded(true);
    }
  }, []);

  // Read after hydration even when the document brought the balance: a failed read is told
  // (spec: "Credit Balance Error"), and an answer that changes nothing redraws nothing.
  useEffect(() => {
    void refresh();
  }, [refresh]);

  // Another workspace (the team the page was in let the person go): its balance has versions of
  // its own, so the readings of the last one no longer compare; its live events come from a new stream.
  const balanceOf = useRef(workspaceId);
  useEffect(() => {
    if (workspaceId === balanceOf.current) return;
    balanceOf.current = workspaceId;
    latestLive.current = null;
    setAuthUser((user) => (user ? { ...user, creditsVersion: -1 } : user));
    reconnectLiveEvents();
    void refresh();
  }, [workspaceId, refresh]);

  // The balance follows the live stream: reservations, refunds, grants.
  useEffect(
    () =>
      subscribeLiveEvents((event) => {
        if (event.type === "credits") {
          const reading = { credits: event.data.credits, creditsVersion: event.data.version };
          latestLive.current = latestLive.current ? newerBalance(latestLive.current, reading) : reading;
          setAuthUser((user) => (user ? withBalance(user, newerBalance(user, reading)) : user));
        }
      }),
    [],
  );

  const signOut = useCallback(async () => {
    try {
      await requestSignOut();
      setAuthUser(null);
      navigate("/", { replace: true });
    } catch {
      toast(toastMessages.logoutError);
    }
  }, [navigate]);

  const actions = useMemo(() => ({ refresh, signOut }), [refresh, signOut]);
  const profile = useMemo(() => ({ authUser, loaded }), [authUser, loaded]);
  return (
    <AuthActionsContext value={actions}>
      <AuthProfileContext value={profile}>{children}</AuthProfileContext>
    </AuthActionsContext>
  );
}

/** Refreshing the balance and signing out, without following the balance itself. */
export function useAuthActions(): AuthActions {
  const value = useContext(AuthActionsContext);
  if (!value) throw new Error("useAuthActions needs an <AuthProvider>");
  return value;
}

/** The profile (balance) and the actions: the caller is rendered again as the balance moves. */
export function useAuth(): AuthState {
  const actions = useAuthActions();
  const profile = useContext(AuthProfileContext);
  if (!profile) throw new Error("useAuth needs an <AuthProvider>");
  return { ...profile, ...actions };
}
