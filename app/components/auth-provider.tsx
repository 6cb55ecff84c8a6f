import { createContext, useCallback, useContext, useEffect, useState, type ReactNode } from "react";
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
      setAuthUser(await fetchProfile());
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
          setAuthUser((user) => (user ? { ...user, credits: event.data.credits } : user));
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
