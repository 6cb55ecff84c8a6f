import { Link } from "react-router";
import { LegalDocument, type LegalSection } from "~/components/legal-document";

export function meta() {
  return [
    { title: "Terms of Service · Motif" },
    {
      name: "description",
      content:
        "The rules for using this Motif instance: accounts, credits, who owns the images you make, what you may not create, and the limits of our responsibility.",
    },
  ];
}

const sections: LegalSection[] = [
  {
    id: "who-we-are",
    heading: "Who provides the service",
    body: (
      <>
        <p>
          Motif is open-source software that anyone can run on their own server. This copy of Motif (the
          &ldquo;service&rdquo;) is provided by the person or organisation that runs it: the{" "}
          <strong>operator of this instance</strong>. In these terms, &ldquo;we&rdquo; and &ldquo;us&rdquo; mean that
          operator, and &ldquo;you&rdquo; means the person using the service.
        </p>
        <p>
          The authors of the Motif software are not party to these terms and do not run, monitor or control this
          instance. Questions about your account, your credits or your content go to the operator (see{" "}
          <a href="#contact">Contact</a>).
        </p>
        <p>
          By creating an account or using the service you agree to these terms and to our{" "}
          <Link to="/privacy">Privacy Policy</Link>, which explains how we handle your data. If you do not agree, please
          do not use the service.
        </p>
      </>
    ),
  },
  {
    id: "accounts",
    heading: "Eligibility and your account",
    body: (
      <>
        <p>
          You must be at least 18 years old, or the age of majority where you live if that is higher, to use the
          service. If you use it on behalf of a company or other organisation, you confirm that you may accept these
          terms for it.
        </p>
        <p>
          There are no passwords. You sign in by entering your e-mail address and opening the one-time link we send you.
          If the operator has turned them on, you can also sign in with Google, GitHub, Facebook or X; those
          companies&rsquo; own terms apply to your accounts with them.
        </p>
        <ul>
          <li>Use an e-mail address that is yours and that you can access.</li>
          <li>
            Keep your mailbox and any linked sign-in accounts secure, because anyone who can read your e-mail can sign
            in as you. Do not forward sign-in links.
          </li>
          <li>One person, one account. Do not share your account or create accounts to collect extra credits.</li>
          <li>Tell us promptly if you think someone else has used your account.</li>
        </ul>
        <p>You are responsible for what happens under your account unless it was caused by our failure.</p>
      </>
    ),
  },
  {
    id: "the-service",
    heading: "What the service does",
    body: (
      <>
        <p>
          Motif lets you turn a text description or reference images into a reusable <strong>style</strong>, and then
          generate consistent images of <strong>objects</strong> (subjects) in that style. You choose a size, a detail
          level and, where supported, a transparent background.
        </p>
        <p>
          Images are generated either by a third-party AI provider that the operator has configured (for example OpenAI,
          Google Gemini or a self-hosted Stable Diffusion server) or by Motif&rsquo;s built-in offline preview engine,
          which runs on our server, sends nothing to third parties and is not AI. The app shows which engine is in use.
        </p>
        <p>
          AI generation is unpredictable. Results may not match your description, may contain mistakes or artefacts, and
          the same request can give different results. Review every image before you rely on it.
        </p>
      </>
    ),
  },
  {
    id: "credits",
    heading: "Credits",
    body: (
      <>
        <p>
          Generating images costs <strong>credits</strong>. The price of each generation depends on its size and detail
          level and is shown before you start it. Credits are taken from your balance when a generation is queued.
        </p>
        <ul>
          <li>
            <strong>Sign-up grant.</strong> New accounts receive a one-time grant of free credits. The amount is set by
            the operator and may change for future sign-ups.
          </li>
          <li>
            <strong>Automatic refunds.</strong> If a generation fails, is refused by the provider (for example by its
            content filter) or is cancelled before it completes, the credits for it are returned to your balance
            automatically, and the app shows that you were not charged.
          </li>
          <li>
            <strong>No cash value.</strong> Credits are a way of measuring use of the service. They are not money,
            cannot be exchanged for cash, transferred to another account or sold, and carry no interest.
          </li>
          <li>
            <strong>Buying credits.</strong> If the operator sells credits, the price, payment method and any refund
            rights are shown before you pay. Nothing in these terms takes away refund rights that consumer law gives
            you.
          </li>
          <li>
            <strong>Price changes.</strong> The operator may change what generations cost. We will give reasonable
            notice in the app before a price increase takes effect, and the price shown when you start a generation is
            the one you pay.
          </li>
        </ul>
        <p>
          Unused credits are lost when you delete your account or when we close it under{" "}
          <a href="#termination">Suspension, termination and deletion</a>, except where the law requires otherwise. We
          may correct balances that are wrong because of an error.
        </p>
      </>
    ),
  },
  {
    id: "your-content",
    heading: "Your content and who owns it",
    body: (
      <>
        <p>
          &ldquo;Your content&rdquo; means what you put into the service (descriptions, prompts, style names, reference
          images) and the images generated for you.
        </p>
        <ul>
          <li>
            <strong>Inputs.</strong> You keep all rights you have in your inputs. You confirm that you have the right to
            use them, including any photos or artwork you upload as references.
          </li>
          <li>
            <strong>Outputs.</strong> As between you and us, and to the extent the law allows, you own the images
            generated for you, and you may use them for any lawful purpose, including commercially. We claim no
            ownership of them.
          </li>
          <li>
            <strong>Limits of AI output.</strong> In many countries, images made mainly by AI may not be protected by
            copyright, so you may not be able to stop others from copying them. Because AI models work from patterns,
            other people may get similar or identical results, and outputs may by chance resemble existing works,
            characters or brands. You are responsible for checking that your use of an output does not infringe anyone
            else&rsquo;s rights, especially before using it as a logo or trademark.
          </li>
          <li>
            <strong>Provider terms.</strong> The terms of the AI provider that generated an image may also apply to it
            (see <a href="#providers">Third-party AI providers</a>).
          </li>
        </ul>
        <p>
          You give the operator a non-exclusive, worldwide, royalty-free licence to store, copy, process, display to you
          and send to the configured AI provider your content,{" "}
          <strong>only as needed to run the service for you</strong> (and to enforce these terms). We do not sell your
          content, publish it or use it to train AI models. The licence ends when your content is deleted, apart from
          copies that remain for a limited time in backups and logs as described in the{" "}
          <Link to="/privacy">Privacy Policy</Link>.
        </p>
      </>
    ),
  },
  {
    id: "acceptable-use",
    heading: "Acceptable use",
    body: (
      <>
        <p>You must not use the service to create, upload or share content, or to do anything, that:</p>
        <ul>
          <li>is illegal where you or we are, or helps anyone else break the law;</li>
          <li>
            sexualises minors in any way, including child sexual abuse material (CSAM), whether real, drawn or
            AI-generated. We report such material to the authorities;
          </li>
          <li>
            is non-consensual intimate imagery: sexual or nude images of a real person made or shared without their
            consent;
          </li>
          <li>
            impersonates a real person or organisation, or is a deceptive deepfake: a realistic image of a real person
            presented in a way that could mislead people into thinking it is genuine, including for fraud, harassment or
            political disinformation;
          </li>
          <li>
            infringes anyone&rsquo;s copyright, trademark, privacy, publicity or other rights, including uploading
            reference images you have no right to use or passing off outputs as someone else&rsquo;s brand;
          </li>
          <li>harasses, threatens, defames or promotes violence or hatred against people or groups;</li>
          <li>contains or spreads malware, or tries to attack, probe or overload the service or its providers;</li>
          <li>
            breaks the usage policies of the AI provider that handles your request, or deliberately tries to get round
            its safety filters;
          </li>
          <li>
            gets round credits, rate limits or access controls, for example with multiple accounts, automated scripts,
            scraping, or exploiting bugs (please report bugs to us instead);
          </li>
          <li>accesses other users&rsquo; accounts or content, or resells access to the service without permission.</li>
        </ul>
        <p>
          We may remove content, refuse or cancel generations, and suspend accounts that break these rules. Where the
          law requires, we will report illegal content.
        </p>
      </>
    ),
  },
  {
    id: "api",
    heading: "The API, scripts and agents",
    body: (
      <>
        <p>
          The service has an API for your own scripts, tools and AI agents, described at{" "}
          <a href="/api/docs">/api/docs</a>. These terms are its licence: you may call it with the API keys you make in
          Settings, and you may build, share and publish clients from its description.
        </p>
        <ul>
          <li>
            A key acts for you, in the workspace it was made for. What is done with it counts as done by you and is paid
            from that workspace&rsquo;s balance. Keep it secret, give it a monthly cap, and revoke it if it leaks.
          </li>
          <li>
            Keep to the limits the API announces in its <code>RateLimit</code> headers and 429 answers, and do not use
            it to get round credits, limits or access controls.
          </li>
          <li>
            We may change the API as the service changes. Its description at{" "}
            <a href="/api/openapi.json">/api/openapi.json</a> always describes the API this instance runs.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: "providers",
    heading: "Third-party AI providers",
    body: (
      <>
        <p>
          When the operator uses a third-party AI provider, your prompt, your style&rsquo;s description and its
          reference images are sent to that provider to produce your images. Its own terms, usage policies and privacy
          practices apply to that processing, and you agree to follow its usage policies.
        </p>
        <p>
          Providers run their own content moderation. A provider may refuse a request, blur or alter results, or flag an
          account, without us being able to override it. Refused generations are refunded. We are not responsible for a
          provider&rsquo;s decisions, availability or changes to its models, which may change how results look.
        </p>
        <p>
          The operator chooses which providers and models to use and may change them at any time. Which engine handled a
          request is shown in the app.
        </p>
      </>
    ),
  },
  {
    id: "availability",
    heading: "Availability and changes to the service",
    body: (
      <>
        <p>
          We try to keep the service running, but we do not promise that it will always be available, fast or free of
          errors. It may be interrupted for maintenance, upgrades, provider outages or reasons outside our control.
        </p>
        <p>
          We may add, change or remove features, presets, sizes, providers or limits. If we make a change that
          significantly reduces what you can do, we will try to tell you in advance. If we decide to shut the service
          down, we will give reasonable notice where we can, so that you can download your images.
        </p>
        <p>Keep your own copies of images that matter to you. The service is not a backup or archive.</p>
      </>
    ),
  },
  {
    id: "termination",
    heading: "Suspension, termination and deletion",
    body: (
      <>
        <p>
          <strong>You</strong> can stop using the service at any time and delete your account from{" "}
          <strong>Settings &rarr; Delete account</strong>. This immediately deletes your profile, credit ledger, styles,
          objects, images, uploaded files and queued generations. It cannot be undone. Some copies may remain in server
          logs and backups for a limited period set by the operator.
        </p>
        <p>
          <strong>We</strong> may suspend or close your account, or refuse service, if you seriously or repeatedly break
          these terms, if the law requires it, or to protect other users, the service or its providers. Where
          reasonable, we will tell you why and give you a chance to respond or download your content first. We will not
          do this for no reason.
        </p>
        <p>
          Sections that by their nature should last beyond the end of your account (such as ownership, disclaimers and
          limitation of liability) continue to apply.
        </p>
      </>
    ),
  },
  {
    id: "disclaimers",
    heading: "Disclaimers",
    body: (
      <>
        <p>
          The service is provided <strong>&ldquo;as is&rdquo; and &ldquo;as available&rdquo;</strong>. To the extent the
          law allows, we give no warranties, express or implied, including that it will meet your needs, that outputs
          will be accurate, original, unique or fit for a particular purpose, or that outputs will not infringe
          anyone&rsquo;s rights.
        </p>
        <p>
          Some countries do not allow certain warranties to be excluded. If you are a consumer, you keep the rights that
          consumer law gives you, and nothing in these terms affects them.
        </p>
      </>
    ),
  },
  {
    id: "liability",
    heading: "Limitation of liability",
    body: (
      <>
        <p>To the extent the law allows:</p>
        <ul>
          <li>
            we are not liable for indirect or consequential losses, such as lost profits, lost business, lost data or
            damage to reputation;
          </li>
          <li>
            we are not liable for how you use generated images, or for content or decisions of third-party providers;
          </li>
          <li>
            our total liability to you for all claims about the service is limited to the greater of the amount you paid
            us for credits in the 12 months before the claim, or 50 euros (or the equivalent in your currency).
          </li>
        </ul>
        <p>
          Nothing in these terms limits liability that cannot be limited by law, such as liability for death or personal
          injury caused by negligence, or for fraud.
        </p>
        <p>
          If you break these terms or the law and this leads to a claim against us by someone else (for example over
          content you uploaded or published), you agree to cover our reasonable costs of that claim, to the extent the
          law allows.
        </p>
      </>
    ),
  },
  {
    id: "changes",
    heading: "Changes to these terms",
    body: (
      <>
        <p>
          We may update these terms, for example when the service, the law or our providers change. The date at the top
          of this page shows when they last changed. If a change is significant, we will tell you in the app or by
          e-mail before it takes effect.
        </p>
        <p>
          If you keep using the service after a change takes effect, the new terms apply. If you do not agree, you can
          delete your account before then.
        </p>
      </>
    ),
  },
  {
    id: "general",
    heading: "General",
    body: (
      <>
        <ul>
          <li>
            These terms are governed by the law of the country where the operator is established, and its courts have
            jurisdiction. If you are a consumer, you also keep the protection of the mandatory laws of the country where
            you live and may bring claims there.
          </li>
          <li>
            If any part of these terms is found unenforceable, the rest still applies. If we do not enforce a term
            straight away, we can still enforce it later.
          </li>
          <li>
            You may not transfer your rights under these terms. The operator may transfer them to someone who takes over
            the service, as long as your rights are not reduced.
          </li>
          <li>These terms and the Privacy Policy are the whole agreement between you and us about the service.</li>
        </ul>
      </>
    ),
  },
  {
    id: "contact",
    heading: "Contact",
    body: (
      <>
        <p>
          For questions about these terms, your account or your credits, or to report content that breaks them, write to{" "}
          <strong>the contact address published by the operator of this instance</strong>. Please include the e-mail
          address of your account so we can find it, but never a sign-in link.
        </p>
      </>
    ),
  },
];

export default function TermsPage() {
  return (
    <LegalDocument
      title="Terms of Service"
      updated="27 November 2026"
      intro="These terms explain the rules for using this Motif instance: how accounts and credits work, who owns the images you create, what you may not create, and the limits of our responsibility. We have tried to keep them short and plain."
      sections={sections}
    />
  );
}
