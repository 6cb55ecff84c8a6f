import { createContext, useCallback, useContext, useEffect, useState, type ReactNode } from "react";
import { newerBalance } from "~/lib/credits-version";
import { fetchProfile, signOut as requestSignOut, type AuthUser } from "~/lib/auth-client";
import { subscribeLiveEvents } from "~/lib/live-events";
import { toast } from "~/lib/toast-store";
import { useSafeNavigate } from "~/lib/use-safe-navigate";
import { toastMessages } from "~/lib/toast-messages";

interface AuthState {
  /** The signed-in user's profile, or null until loaded. */
  authUser: AuthUser | null;
  /** Spec §4: set once the profile has been loaded (or failed to load). */
  loaded: boolean;
  refresh(): Promise<void>;
  signOut(): Promise<void>;
}

const AuthContext = createContext<AuthState | null>(null);

/** Auth state for the signed-in area: loads the profile (credits) and signs out. */
export function AuthProvider({ children }: { children: ReactNode }) {
  const navigate = useSafeNavigate();
  const [authUser, setAuthUser] = useState<AuthUser | null>(null);
  const [loaded, setLoaded] = useState(false);

  const refresh = useCallback(async () => {
    try {
      const profile = await fetchProfile();
      // A live event may have brought a newer balance while this read was on its way.
      setAuthUser((current) => (current ? { ...profile, ...newerBalance(current, profile) } : profile));
    } catch {
      toast(toastMessages.creditBalanceError);
    } finally {
      setLoaded(true);
    }
  }, []);

  useEffect(() => {
    void refresh();
  }, [refresh]);

  // The balance follows the live stream: reservations, refunds, grants.
  useEffect(
    () =>
      subscribeLiveEvents((event) => {
        if (event.type === "credits") {
          const reading = { credits: event.data.credits, creditsVersion: event.data.version };
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
