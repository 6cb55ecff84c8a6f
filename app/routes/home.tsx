import { ArrowRight, Boxes, Layers, Palette, ShieldCheck, Sparkles, Wand2 } from "lucide-react";
import { Link } from "react-router";
import { buttonClasses } from "~/components/ui/button";
import { checkerboard } from "~/lib/ui/checkerboard";
import { cn } from "~/lib/ui/cn";
import { detailLevels, imageSizes, type DetailLevel } from "#domain/images";
import { priceOf } from "#domain/pricing";
import { servicesContext } from "#server/ui/context";
import { readInstanceSettings } from "#server/instance/instance-settings.server";
import type { Route } from "./+types/home";

// The landing page states the grant this instance really gives (the console can change it).
export async function loader({ context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const { settings } = await readInstanceSettings(services.database.db, services.config.instance);
  return { signupGrant: settings.signupGrant };
}

export function meta() {
  return [
    { title: "Motif · Reusable styles, consistent AI images" },
    {
      name: "description",
      content:
        "Turn a description or reference images into a reusable style, then generate consistent icons, game assets and illustrations in it, with transparent backgrounds.",
    },
  ];
}

const steps = [
  {
    icon: Palette,
    title: "Capture a style",
    text: "Describe a look in words or drop in up to five reference images. Motif extracts the palette and writes the style down so it can be reused.",
  },
  {
    icon: Boxes,
    title: "Name your objects",
    text: "A treasure chest, a potion, a sword. Pick a size and a detail level, and turn on a transparent background for assets.",
  },
  {
    icon: Layers,
    title: "Get a consistent set",
    text: "Every image is generated with the style's references and anchors, so the tenth image matches the first — today and next month.",
  },
];

const galleryStyles = [
  { id: "flat", name: "Flat icon" },
  { id: "pixel", name: "Pixel art" },
  { id: "line", name: "Line art" },
];
const galleryObjects = [
  { id: "chest", name: "Treasure chest" },
  { id: "potion", name: "Potion" },
  { id: "sword", name: "Sword" },
  { id: "mushroom", name: "Mushroom" },
];

const features = [
  { icon: Wand2, title: "Styles you can reuse", text: "Keep a library of your own styles next to built-in presets." },
  { icon: Sparkles, title: "Transparent backgrounds", text: "Real alpha channels, ready for games, apps and slides." },
  {
    icon: ShieldCheck,
    title: "Never pay for failures",
    text: "Failed or refused generations are refunded automatically.",
  },
];

function Hero({ signupGrant }: { signupGrant: number }) {
  return (
    <section className="relative overflow-hidden">
      <div
        aria-hidden
        className="pointer-events-none absolute inset-x-0 -top-40 -z-10 mx-auto h-[36rem] max-w-5xl bg-[radial-gradient(ellipse_at_top,var(--color-primary-200),transparent_60%)] opacity-70 blur-2xl dark:bg-[radial-gradient(ellipse_at_top,var(--color-primary-900),transparent_60%)]"
      />
      <div className="mx-auto grid max-w-6xl items-center gap-12 px-4 pt-16 pb-20 sm:px-6 lg:grid-cols-[1.1fr_1fr] lg:pt-24">
        <div>
          <p className="inline-flex items-center gap-2 rounded-full border border-primary-200 bg-primary-50 px-3 py-1 text-sm font-medium text-primary-700 dark:border-primary-900 dark:bg-primary-950/60 dark:text-primary-300">
            <Sparkles aria-hidden className="size-4" /> AI image generation with memory for style
          </p>
          <h1 className="mt-6 text-4xl font-semibold tracking-tight text-balance sm:text-5xl lg:text-6xl">
            One style.{" "}
            <span className="bg-gradient-to-r from-primary-600 to-secondary-600 bg-clip-text text-transparent dark:from-primary-400 dark:to-secondary-400">
              Every image matches.
            </span>
          </h1>
          <p className="mt-6 max-w-xl text-lg text-neutral-600 dark:text-neutral-400">
            Motif turns a description or a reference image into a reusable style, then generates consistent icons, game
            assets, illustrations and product images in it — in the size and detail you choose, with transparent
            backgrounds when you need them.
          </p>
          <div className="mt-8 flex flex-wrap gap-3">
            <Link to="/auth/login" className={buttonClasses("primary", "lg")}>
              Start creating <ArrowRight aria-hidden className="size-4" />
            </Link>
            <a href="#how-it-works" className={buttonClasses("secondary", "lg")}>
              See how it works
            </a>
          </div>
          <p className="mt-4 text-sm text-neutral-500 dark:text-neutral-400">
            {signupGrant} free credits when you sign up. No password — we e-mail you a link.
          </p>
        </div>
        <div className="grid grid-cols-2 gap-4 rounded-3xl border border-neutral-200 bg-white/70 p-4 shadow-xl shadow-primary-900/5 backdrop-blur sm:p-6 dark:border-neutral-800 dark:bg-neutral-900/70">
          <ExampleArtNote className="col-span-2" />
          {galleryObjects.map((object) => (
            <figure key={object.id} className="overflow-hidden rounded-2xl bg-neutral-100 dark:bg-neutral-800">
              <img
                src={`/examples/flat-${object.id}.svg`}
                alt={`${object.name} in the flat icon style`}
                width={256}
                height={256}
                className="aspect-square w-full"
              />
            </figure>
          ))}
        </div>
      </div>
    </section>
  );
}

function HowItWorks() {
  return (
    <section
      id="how-it-works"
      className="scroll-mt-20 border-y border-neutral-200 bg-neutral-50 py-20 dark:border-neutral-800 dark:bg-neutral-900/40"
    >
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <h2 className="text-3xl font-semibold tracking-tight">How it works</h2>
        <p className="mt-3 max-w-2xl text-neutral-600 dark:text-neutral-400">
          Style → objects → a consistent set. Three steps, and the style stays with you for every image after.
        </p>
        <ol className="mt-12 grid gap-6 md:grid-cols-3">
          {steps.map((step, i) => (
            <li
              key={step.title}
              className="rounded-2xl border border-neutral-200 bg-white p-6 dark:border-neutral-800 dark:bg-neutral-900"
            >
              <div className="flex items-center gap-3">
                <span className="grid size-10 place-items-center rounded-xl bg-primary-600 text-white dark:bg-primary-500 dark:text-neutral-950">
                  <step.icon aria-hidden className="size-5" />
                </span>
                <span className="text-sm font-medium text-neutral-500 dark:text-neutral-400">Step {i + 1}</span>
              </div>
              <h3 className="mt-5 text-lg font-semibold">{step.title}</h3>
              <p className="mt-2 text-sm leading-relaxed text-neutral-600 dark:text-neutral-400">{step.text}</p>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}

/** The landing page's pictures were drawn to show the idea; they say so, so nobody takes them for output. */
function ExampleArtNote({ className }: { className?: string }) {
  return (
    <p className={cn("text-sm text-neutral-600 dark:text-neutral-400", className)}>
      <span className="mr-2 inline-block rounded-full bg-neutral-200 px-2 py-0.5 text-xs font-semibold text-neutral-800 dark:bg-neutral-800 dark:text-neutral-200">
        Example art
      </span>
      Illustrations drawn to show the idea, not images Motif generated.
    </p>
  );
}

function Gallery() {
  return (
    <section id="gallery" className="mx-auto max-w-6xl scroll-mt-20 px-4 py-20 sm:px-6">
      <h2 className="text-3xl font-semibold tracking-tight">Same objects, three styles</h2>
      <p className="mt-3 max-w-2xl text-neutral-600 dark:text-neutral-400">
        Each row is one style applied to the same four objects. Within a row, palette, line and light stay the same.
      </p>
      <ExampleArtNote className="mt-4" />
      <div className="mt-10 grid gap-8">
        {galleryStyles.map((style) => (
          <div key={style.id}>
            <h3 className="mb-3 text-sm font-semibold tracking-wide text-neutral-500 uppercase dark:text-neutral-400">
              {style.name}
            </h3>
            <ul className="grid grid-cols-2 gap-4 sm:grid-cols-4">
              {galleryObjects.map((object) => (
                <li key={object.id}>
                  <figure
                    className={cn(
                      "overflow-hidden rounded-2xl border border-neutral-200 dark:border-neutral-800",
                      checkerboard("bg-[length:20px_20px]"),
                    )}
                  >
                    <img
                      src={`/examples/${style.id}-${object.id}.svg`}
                      alt={`${object.name} in the ${style.name.toLowerCase()} style`}
                      width={256}
                      height={256}
                      loading="lazy"
                      className="aspect-square w-full [image-rendering:pixelated]"
                    />
                    <figcaption className="border-t border-neutral-200 bg-white px-3 py-2 text-sm dark:border-neutral-800 dark:bg-neutral-900">
                      {object.name}
                    </figcaption>
                  </figure>
                </li>
              ))}
            </ul>
          </div>
        ))}
      </div>
    </section>
  );
}

function Pricing({ signupGrant }: { signupGrant: number }) {
  const levels = Object.keys(detailLevels) as DetailLevel[];
  return (
    <section
      id="pricing"
      className="scroll-mt-20 border-t border-neutral-200 bg-neutral-50 py-20 dark:border-neutral-800 dark:bg-neutral-900/40"
    >
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <h2 className="text-3xl font-semibold tracking-tight">Simple credit pricing</h2>
        <p className="mt-3 max-w-2xl text-neutral-600 dark:text-neutral-400">
          Every image shows its price before you generate. New accounts start with {signupGrant} credits, and anything
          that fails is refunded.
        </p>
        <div className="mt-10 overflow-x-auto rounded-2xl border border-neutral-200 bg-white dark:border-neutral-800 dark:bg-neutral-900">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Credits per image by detail level and size</caption>
            <thead className="border-b border-neutral-200 text-neutral-500 dark:border-neutral-800 dark:text-neutral-400">
              <tr>
                <th scope="col" className="px-3 py-4 font-medium sm:px-6">
                  Detail
                </th>
                <th scope="col" className="px-3 py-4 font-medium sm:px-6">
                  Square <span className="block text-xs font-normal">{imageSizes.square.dimensions}</span>
                </th>
                <th scope="col" className="px-3 py-4 font-medium sm:px-6">
                  Portrait or landscape
                  <span className="block text-xs font-normal">
                    {imageSizes.portrait.dimensions} · {imageSizes.landscape.dimensions}
                  </span>
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-neutral-200 dark:divide-neutral-800">
              {levels.map((detail) => (
                <tr key={detail}>
                  <th scope="row" className="px-3 py-4 font-medium sm:px-6">
                    {detailLevels[detail].label}
                    <span className="block text-xs font-normal text-neutral-500 dark:text-neutral-400">
                      {detailLevels[detail].hint}
                    </span>
                  </th>
                  <td className="px-3 py-4 tabular-nums sm:px-6">{priceOf({ size: "square", detail })} credits</td>
                  <td className="px-3 py-4 tabular-nums sm:px-6">{priceOf({ size: "portrait", detail })} credits</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <ul className="mt-12 grid gap-6 md:grid-cols-3">
          {features.map((f) => (
            <li key={f.title} className="flex gap-4">
              <f.icon aria-hidden className="mt-0.5 size-6 shrink-0 text-secondary-600 dark:text-secondary-400" />
              <div>
                <h3 className="font-semibold">{f.title}</h3>
                <p className="mt-1 text-sm text-neutral-600 dark:text-neutral-400">{f.text}</p>
              </div>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

function CallToAction({ signupGrant }: { signupGrant: number }) {
  return (
    <section className="mx-auto max-w-6xl px-4 py-20 sm:px-6">
      <div className="rounded-3xl bg-gradient-to-br from-primary-600 to-secondary-600 px-6 py-14 text-center text-white shadow-xl sm:px-12">
        <h2 className="text-3xl font-semibold tracking-tight">Make your first style in a minute</h2>
        <p className="mx-auto mt-3 max-w-xl text-white/85">
          Sign in with your e-mail address — no password to remember — and start with {signupGrant} credits.
        </p>
        <Link to="/auth/login" className={`${buttonClasses("secondary", "lg")} mt-8`}>
          Sign in to Motif <ArrowRight aria-hidden className="size-4" />
        </Link>
      </div>
    </section>
  );
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { signupGrant } = loaderData;
  return (
    <main>
      <Hero signupGrant={signupGrant} />
      <HowItWorks />
      <Gallery />
      <Pricing signupGrant={signupGrant} />
      <CallToAction signupGrant={signupGrant} />
    </main>
  );
}
