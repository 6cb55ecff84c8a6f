import { Link } from "react-router";
import { LegalDocument, type LegalSection } from "~/components/legal-document";

export function meta() {
  return [
    { title: "Privacy Policy · Motif" },
    {
      name: "description",
      content:
        "What personal data this Motif instance collects, why, who it is shared with (including AI image providers), how long it is kept, and how to delete your account.",
    },
  ];
}

const storageItems: { name: string; kind: string; purpose: string; lifetime: string }[] = [
  {
    name: "Session cookie",
    kind: "Cookie (HttpOnly, strictly necessary)",
    purpose: "Keeps you signed in and tells the server which account a request belongs to.",
    lifetime: "Until you sign out or the session expires",
  },
  {
    name: "motif-color-mode",
    kind: "Cookie",
    purpose: "Remembers light, dark or system colour mode so pages render in your choice without flashing.",
    lifetime: "Up to 1 year, or until you clear it",
  },
  {
    name: "motif-color-mode",
    kind: "Local storage",
    purpose: "Remembers your colour mode in this browser so it can be applied straight away.",
    lifetime: "Until you clear it",
  },
  {
    name: "loginEmail",
    kind: "Local storage",
    purpose: "Remembers the e-mail address you typed, so the sign-in link can be completed in the same browser.",
    lifetime: "Removed when sign-in completes",
  },
];

const cellClass = "px-4 py-3 align-top";

const sections: LegalSection[] = [
  {
    id: "controller",
    heading: "Who is responsible",
    body: (
      <>
        <p>
          Motif is open-source software that anyone can run on their own server. The person or organisation that runs
          this copy (the <strong>operator of this instance</strong>) decides how it is set up and is responsible for
          your personal data; under data-protection law, it is the <strong>controller</strong>. In this policy,
          &ldquo;we&rdquo; and &ldquo;us&rdquo; mean that operator.
        </p>
        <p>
          The authors of the Motif software do not run this instance and receive none of your data. How to reach the
          operator is explained under <a href="#contact">Contact</a>.
        </p>
      </>
    ),
  },
  {
    id: "data-we-collect",
    heading: "Data we collect",
    body: (
      <>
        <ul>
          <li>
            <strong>Account:</strong> your e-mail address, an internal account id, and when the account was created. If
            you sign in with Google, GitHub, Facebook or X, we receive your e-mail address and basic profile details
            (such as name and picture) from that provider.
          </li>
          <li>
            <strong>Credits:</strong> your balance and a ledger of every change to it (sign-up grant, generations,
            refunds, purchases and corrections), with dates.
          </li>
          <li>
            <strong>Styles and objects:</strong> names, the descriptions and prompts you write, your default settings,
            and the colour palette we extract from your references.
          </li>
          <li>
            <strong>Uploads:</strong> the reference images you upload for a style.
          </li>
          <li>
            <strong>Generated images</strong> and their details (size, format, the prompt used, which provider and model
            produced them).
          </li>
          <li>
            <strong>Generation jobs:</strong> what was requested, its status, credits reserved or refunded, any error
            shown to you, and timestamps.
          </li>
          <li>
            <strong>Technical data:</strong> sign-in tokens and sessions, and server logs of requests (such as time,
            path, IP address and browser type) needed to run and protect the service.
          </li>
          <li>
            <strong>Page views:</strong> anonymous, first-party counts of which pages are visited (see{" "}
            <a href="#analytics">Analytics</a>).
          </li>
        </ul>
        <p>
          Please do not put sensitive information, such as health data or other people&rsquo;s private details, into
          prompts or uploads.
        </p>
      </>
    ),
  },
  {
    id: "how-we-use-it",
    heading: "How we use your data, and why we may",
    body: (
      <>
        <p>Data-protection law asks us to name a &ldquo;legal basis&rdquo; for each use. In plain language:</p>
        <ul>
          <li>
            <strong>To provide the service you asked for</strong> (because we have an agreement with you): signing you
            in, sending sign-in e-mails, storing your styles and images, generating images, and keeping your credit
            balance and refunds correct.
          </li>
          <li>
            <strong>To keep the service safe and working</strong> (our legitimate interest, balanced against yours):
            preventing abuse and fraud, enforcing the <Link to="/terms">Terms of Service</Link>, fixing errors, and
            understanding which pages are used through privacy-friendly analytics.
          </li>
          <li>
            <strong>To meet legal obligations:</strong> for example keeping purchase records, or answering lawful
            requests from authorities.
          </li>
          <li>
            <strong>With your consent</strong>, where we ask for it. You can withdraw consent at any time.
          </li>
        </ul>
        <p>
          We only send you e-mails needed for the service (sign-in links and important notices), not marketing. We do
          not sell your data, show you advertising, build advertising profiles, or use your content to train AI models.
        </p>
      </>
    ),
  },
  {
    id: "ai-providers",
    heading: "AI providers and other recipients",
    body: (
      <>
        <p>
          To generate an image, we send the prompt, your style&rsquo;s description and prompt, and its reference and
          anchor images to the image engine the operator has configured. This may be a third-party AI provider (for
          example OpenAI or Google Gemini), a Stable Diffusion server the operator runs, or Motif&rsquo;s built-in
          offline preview engine, which runs on our own server and sends nothing to anyone. The app shows which engine
          is in use. We do not send your e-mail address to AI providers.
        </p>
        <p>
          Third-party providers process this data under their own terms and privacy policies, may check it with
          automated content moderation, and may keep it for a limited time for abuse monitoring. Please read the policy
          of the provider shown in the app.
        </p>
        <p>We also share data, only as needed, with:</p>
        <ul>
          <li>the hosting, database and file-storage services that run this instance;</li>
          <li>the e-mail service that delivers sign-in links;</li>
          <li>Google, GitHub, Facebook or X, only if you choose to sign in with them;</li>
          <li>a payment provider, if the operator sells credits and you buy some;</li>
          <li>authorities, when the law requires it, or to protect people from serious harm.</li>
        </ul>
      </>
    ),
  },
  {
    id: "cookies",
    heading: "Cookies and local storage",
    body: (
      <>
        <p>
          We use a small number of cookies and browser storage entries, all first-party and all needed for the site to
          work or to remember a setting you chose. We use no advertising or cross-site tracking cookies, so there is
          nothing to opt in to.
        </p>
        <div className="overflow-x-auto rounded-xl border border-neutral-200 dark:border-neutral-800">
          <table className="w-full min-w-[36rem] border-collapse text-left text-sm leading-6">
            <caption className="sr-only">Cookies and local storage used by Motif</caption>
            <thead className="bg-neutral-50 text-neutral-900 dark:bg-neutral-900 dark:text-neutral-100">
              <tr>
                <th scope="col" className={`${cellClass} font-semibold`}>
                  Name
                </th>
                <th scope="col" className={`${cellClass} font-semibold`}>
                  Purpose
                </th>
                <th scope="col" className={`${cellClass} font-semibold`}>
                  Lifetime
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-neutral-200 dark:divide-neutral-800">
              {storageItems.map((item) => (
                <tr key={`${item.name}-${item.kind}`}>
                  <th scope="row" className={`${cellClass} font-normal`}>
                    <code>{item.name}</code>
                    <span className="mt-1 block text-xs text-neutral-600 dark:text-neutral-400">{item.kind}</span>
                  </th>
                  <td className={cellClass}>{item.purpose}</td>
                  <td className={cellClass}>{item.lifetime}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <p>
          You can delete cookies and local storage in your browser settings. If you block the session cookie, you will
          not be able to sign in.
        </p>
      </>
    ),
  },
  {
    id: "analytics",
    heading: "Analytics",
    body: (
      <>
        <p>
          We count page views with a first-party analytics tool that runs on this instance. Before a page view is
          recorded, the path is normalised: personal parts such as the id of a style or image are replaced by a
          placeholder, so we see &ldquo;a style page was viewed&rdquo;, not which one.
        </p>
        <p>
          Analytics uses no advertising cookies, does not follow you to other websites, is not shared with advertisers,
          and is not used to identify you. We use it only to understand which parts of the service are used and to
          improve them.
        </p>
      </>
    ),
  },
  {
    id: "retention",
    heading: "How long we keep data",
    body: (
      <>
        <ul>
          <li>
            <strong>Account, credits, styles, objects, uploads and images:</strong> for as long as you have an account.
          </li>
          <li>
            <strong>Sign-in links:</strong> valid for a few minutes and usable once.
          </li>
          <li>
            <strong>Sessions:</strong> until you sign out or the session expires.
          </li>
          <li>
            <strong>Server logs and backups:</strong> for a limited period set by the operator, after which they are
            deleted or overwritten.
          </li>
          <li>
            <strong>Purchase records:</strong> for as long as tax or accounting law requires, if you bought credits.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: "deletion",
    heading: "Deleting your account",
    body: (
      <>
        <p>
          You can delete your account at any time from <strong>Settings &rarr; Delete account</strong>. This immediately
          and permanently deletes:
        </p>
        <ul>
          <li>your profile and sign-in details, and signs you out;</li>
          <li>your credit balance and credit ledger (unused credits are lost);</li>
          <li>your styles, objects, generated images, uploaded reference images and their files;</li>
          <li>generations that are still queued.</li>
        </ul>
        <p>
          Copies may remain for a limited period in server logs and backups, set by the operator, until they are
          overwritten; we do not restore them except to recover from a disaster, and then we delete your data again.
          Records we must keep by law are kept only for as long as required. Data already sent to an AI provider is
          governed by that provider&rsquo;s retention policy. Images you downloaded or shared stay wherever you put
          them.
        </p>
      </>
    ),
  },
  {
    id: "security",
    heading: "Security",
    body: (
      <>
        <ul>
          <li>Sign-in tokens are stored only in hashed form, expire quickly and work once.</li>
          <li>
            The session cookie is HttpOnly, so scripts on the page cannot read it, and is marked Secure when the site is
            served over HTTPS.
          </li>
          <li>
            Every request for a style, object, image or job is checked against the signed-in account, so you can see
            only your own content.
          </li>
          <li>Provider keys and other secrets stay on the server and are never sent to your browser.</li>
        </ul>
        <p>
          No system is perfectly secure. How well this instance is protected also depends on how the operator runs it.
          If we learn of a breach that puts your data at risk, we will tell you and the authorities as the law requires.
        </p>
      </>
    ),
  },
  {
    id: "your-rights",
    heading: "Your rights",
    body: (
      <>
        <p>Depending on where you live (for example under the GDPR or UK GDPR), you have the right to:</p>
        <ul>
          <li>access the personal data we hold about you and get a copy of it;</li>
          <li>have wrong data corrected;</li>
          <li>have your data deleted, which you can do yourself from Settings;</li>
          <li>receive your data in a portable format, or download your images from the app;</li>
          <li>object to, or ask us to restrict, processing based on our legitimate interests;</li>
          <li>withdraw consent you have given, at any time;</li>
          <li>complain to your data-protection authority.</li>
        </ul>
        <p>
          To use these rights, contact us (see <a href="#contact">Contact</a>). We may ask you to confirm the request
          from your account&rsquo;s e-mail address, and we will reply within the time the law allows, usually one month.
          Using your rights is free.
        </p>
      </>
    ),
  },
  {
    id: "children",
    heading: "Children",
    body: (
      <>
        <p>
          The service is for adults and is not directed at children. Under the <Link to="/terms">Terms of Service</Link>{" "}
          you must be at least 18 to use it. We do not knowingly collect data from children. If you believe a child has
          an account, contact us and we will delete it.
        </p>
      </>
    ),
  },
  {
    id: "international-transfers",
    heading: "International transfers",
    body: (
      <>
        <p>
          The operator decides where this instance and its data are hosted. AI providers and other services we use may
          process data in other countries, including the United States. Where data leaves your country and the law
          requires it, we rely on safeguards such as adequacy decisions or the European Commission&rsquo;s standard
          contractual clauses, as offered by those providers.
        </p>
      </>
    ),
  },
  {
    id: "changes",
    heading: "Changes to this policy",
    body: (
      <>
        <p>
          We will update this policy when we change how we handle data, for example when the operator adds an AI
          provider. The date at the top shows the latest version. If a change is significant, we will tell you in the
          app or by e-mail before it takes effect.
        </p>
      </>
    ),
  },
  {
    id: "contact",
    heading: "Contact",
    body: (
      <>
        <p>
          For privacy questions or requests, write to{" "}
          <strong>the contact address published by the operator of this instance</strong>. Please send it from the
          e-mail address of your account, and never include a sign-in link.
        </p>
      </>
    ),
  },
];

export default function PrivacyPage() {
  return (
    <LegalDocument
      title="Privacy Policy"
      updated="22 November 2026"
      intro="This policy explains what personal data this Motif instance collects when you use it, why, who it is shared with, how long it is kept, and how you can delete it. We collect as little as we can and never sell your data."
      sections={sections}
    />
  );
}
