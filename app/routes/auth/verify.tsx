import { VerifyEmailLink } from "~/components/verify-email-link";

export function meta() {
  return [{ title: "Signing you in · Motif" }, { name: "robots", content: "noindex" }];
}

// Public, with no auth check and no loader: opening the link (a mail scanner's GET
// included) consumes nothing. Sign-in completes in the browser, with the e-mail.
export default function VerifyPage() {
  return (
    <main className="mx-auto flex min-h-[70vh] max-w-md flex-col justify-center px-4 py-16">
      <div className="rounded-2xl border border-neutral-200 bg-white p-8 shadow-sm dark:border-neutral-800 dark:bg-neutral-900">
        <VerifyEmailLink />
      </div>
    </main>
  );
}
