import { createContext, useCallback, useContext, useEffect, useRef, useState, type ReactNode } from "react";
import { newerBalance, type BalanceReading } from "~/lib/state/credits-version";
import { fetchProfile, signOut as requestSignOut, type AuthUser } from "~/lib/api/auth-client";
import { reconnectLiveEvents, subscribeLiveEvents } from "~/lib/api/live-events";
import { toast } from "~/lib/state/toast-store";
import { useSafeNavigate } from "~/lib/hooks/use-safe-navigate";
import { toastMessages } from "~/lib/words/toast-messages";

interface AuthState {
  /** The signed-in user's profile, or null until loaded. */
  authUser: AuthUser | null;
  /** Spec §4: set once the profile has been loaded (or failed to load). */
  loaded: boolean;
  refresh(): Promise<void>;
  signOut(): Promise<void>;
}

const AuthContext = createContext<AuthState | null>(null);

/**
 * Auth state for the signed-in area: loads the profile (credits) and signs out. The balance is the
 * workspace's the page acts in (`workspaceId`): when that changes, it is read afresh from there.
 */
export function AuthProvider({ children, workspaceId }: { children: ReactNode; workspaceId?: string }) {
  const navigate = useSafeNavigate();
  const [authUser, setAuthUser] = useState<AuthUser | null>(null);
  const [loaded, setLoaded] = useState(false);
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
        return { ...profile, credits: balance.credits, creditsVersion: balance.creditsVersion };
      });
    } catch {
      toast(toastMessages.creditBalanceError);
    } finally {
      setLoaded(true);
    }
  }, []);

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
          setAuthUser((user) => (user ? { ...user, ...newerBalance(user, reading) } : user));
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

  return <AuthContext value={{ authUser, loaded, refresh, signOut }}>{children}</AuthContext>;
}

export function useAuth(): AuthState {
  const value = useContext(AuthContext);
  if (!value) throw new Error("useAuth needs an <AuthProvider>");
  return value;
}
