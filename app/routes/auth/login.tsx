import { redirect } from "react-router";
import { LoginForm } from "~/components/login-form";
import { Logo } from "~/components/logo";
import { safeRedirectPath } from "#domain/navigation";
import { getSessionUser } from "#server/auth/session.server";
import { configuredProviders, oauthProviderLabels } from "#server/auth/oauth-providers.server";
import { servicesContext } from "#server/ui/context";
import { readInstanceSettings } from "#server/instance/instance-settings.server";
import { signupNote } from "#domain/instance-settings";
import type { Route } from "./+types/login";

export function meta() {
  return [{ title: "Sign in · Motif" }];
}

// The login route's auth check: someone already signed in goes straight to the app.
export async function loader({ request, context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const params = new URL(request.url).searchParams;
  const redirectTo = params.get("redirectTo");
  if (await getSessionUser({ request, services })) throw redirect(safeRedirectPath(redirectTo));
  const { settings } = await readInstanceSettings(services.database.db, services.config.instance);
  return {
    signupNote: signupNote(settings),
    redirectTo: redirectTo ? safeRedirectPath(redirectTo) : null,
    // An invitation's "Sign in as …" fills in its address (only to fill the field: nothing is sent).
    email: (params.get("email") ?? "").trim().slice(0, 254),
    providers: configuredProviders(services.config).map((id) => ({ id, label: oauthProviderLabels[id] })),
  };
}

export default function LoginPage({ loaderData }: Route.ComponentProps) {
  return (
    <main className="mx-auto flex min-h-[70vh] max-w-md flex-col justify-center px-4 py-16">
      <div className="rounded-2xl border border-neutral-200 bg-white p-8 shadow-sm dark:border-neutral-800 dark:bg-neutral-900">
        <Logo />
        <LoginForm
          redirectTo={loaderData.redirectTo}
          initialEmail={loaderData.email}
          providers={loaderData.providers}
          signupNote={loaderData.signupNote}
        />
      </div>
      <p className="mt-6 text-center text-xs text-neutral-500 dark:text-neutral-400">
        By signing in you agree to the{" "}
        <a href="/terms" className="underline hover:text-neutral-800 dark:hover:text-neutral-200">
          Terms
        </a>{" "}
        and the{" "}
        <a href="/privacy" className="underline hover:text-neutral-800 dark:hover:text-neutral-200">
          Privacy Policy
        </a>
        .
      </p>
    </main>
  );
}
