import { ExternalLink } from "lucide-react";
import { CopySnippet } from "./copy-snippet";

const required = `export IMAGE_PROVIDER=openai
export OPENAI_API_KEY="paste your key here"
npm start`;

const optional = `# The model (gpt-image-1.5 when unset)
export OPENAI_IMAGE_MODEL=gpt-image-1.5
# A gateway that speaks OpenAI's Images API (OpenAI itself when unset)
export OPENAI_BASE_URL=https://gateway.example.com/v1`;

const variables: [name: string, meaning: string][] = [
  ["IMAGE_PROVIDER", "openai to generate with OpenAI; offline (the default) is the preview engine."],
  [
    "IMAGE_PROVIDERS",
    "Several at once, the default first: openai,azure-openai,gemini,fal,replicate,bfl,stability,recraft,comfyui,a1111,offline. Users pick per generation.",
  ],
  ["OPENAI_API_KEY", "Your API key. Required with IMAGE_PROVIDER=openai; never shown in Motif."],
  ["OPENAI_IMAGE_MODEL", "The image model. Default gpt-image-1.5."],
  ["OPENAI_BASE_URL", "For a compatible gateway or proxy. Default: OpenAI's own address."],
  ["GEMINI_API_KEY, GEMINI_IMAGE_MODEL", "Google Gemini: a key from Google AI Studio; default gemini-2.5-flash-image."],
  [
    "FAL_KEY, FAL_MODEL",
    "fal: a key from fal.ai; default fal-ai/flux-pro/kontext/max/multi. Trains styles and characters.",
  ],
  [
    "REPLICATE_API_TOKEN, REPLICATE_MODEL",
    "Replicate: a token from replicate.com; default black-forest-labs/flux-kontext-pro. Trains styles and characters.",
  ],
  [
    "AZURE_OPENAI_ENDPOINT, AZURE_OPENAI_DEPLOYMENT, AZURE_OPENAI_API_KEY",
    "Azure OpenAI: your resource, a gpt-image-1 deployment on it, and its key.",
  ],
  ["OPENAI_COMPATIBLE", "true when OPENAI_BASE_URL is a LocalAI or stable-diffusion.cpp server rather than OpenAI."],
  ["BFL_API_KEY, BFL_MODEL", "Black Forest Labs: a key from dashboard.bfl.ai; default flux-kontext-pro."],
  ["STABILITY_API_KEY, STABILITY_MODEL", "Stability AI: a key from platform.stability.ai; core (default) or ultra."],
  [
    "RECRAFT_API_KEY, RECRAFT_MODEL",
    "Recraft: a key from app.recraft.ai/profile/api; recraftv3 (default). Icon and line styles come back as SVG.",
  ],
  [
    "A1111_URL, A1111_AUTH",
    "Your own Automatic1111 or Forge WebUI started with --api (and its --api-auth user:password, if set).",
  ],
  [
    "COMFYUI_URL, COMFYUI_WORKFLOW",
    "Your own ComfyUI server, and a workflow in its API format (a text-to-image one ships).",
  ],
  [
    "OPENAI_PRICE, GEMINI_PRICE, FAL_PRICE, REPLICATE_PRICE, BFL_PRICE, STABILITY_PRICE, COMFYUI_PRICE, A1111_PRICE",
    "Credits per image: standard, free, a rate (0.5) or draft=3/5,standard=8/12,high=30/45.",
  ],
  ["TRAINING_PRICES", "Credits per 1,000 training steps by model, such as fal=600,replicate=500 (600 when unset)."],
  ["KEEP_TRAINED_WEIGHTS", "Keep a copy of each trained LoRA in Motif's storage, for your own ComfyUI (default true)."],
];

/**
 * The steps and variables that switch Motif from the preview engine to a real model.
 * `testable`: a real model's card, with its Test connection button, is already on the page;
 * before that the last step names only what the operator will see.
 */
export function ConnectModel({ testable }: { testable: boolean }) {
  return (
    <div className="grid gap-6 text-sm">
      <ol className="grid gap-5">
        <li className="grid gap-2">
          <p>
            <span className="font-semibold">1. Get an API key</span> from{" "}
            <a
              href="https://platform.openai.com/api-keys"
              target="_blank"
              rel="noreferrer"
              className="inline-flex items-center gap-1 font-medium text-primary-700 underline underline-offset-2 dark:text-primary-300"
            >
              platform.openai.com/api-keys
              <ExternalLink aria-hidden className="size-3.5" />
              <span className="sr-only">(opens in a new tab)</span>
            </a>
            . Images are billed to that key&apos;s account.
          </p>
        </li>
        <li className="grid gap-2">
          <p>
            <span className="font-semibold">2. Set the variables</span> where Motif runs (your shell, service file or
            container) and restart it:
          </p>
          <CopySnippet label="Required" text={required} />
          <CopySnippet label="Optional" text={optional} />
        </li>
        <li>
          {testable ? (
            <>
              <span className="font-semibold">3. Come back here</span> and press Test connection on the model&apos;s
              card above.
            </>
          ) : (
            <>
              <span className="font-semibold">3. Come back here</span> after the restart: the model gets its own card at
              the top of this page, where you can check that its key works.
            </>
          )}
        </li>
      </ol>
      <table className="w-full text-left text-sm">
        <caption className="sr-only">The variables</caption>
        <thead className="sr-only">
          <tr>
            <th scope="col">Variable</th>
            <th scope="col">What it does</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-neutral-200 dark:divide-neutral-800">
          {variables.map(([name, meaning]) => (
            <tr key={name} className="grid gap-1 py-2.5 sm:table-row">
              <th scope="row" className="pr-6 align-top font-mono text-[13px] font-medium wrap-anywhere sm:py-2.5">
                {name}
              </th>
              <td className="text-neutral-600 wrap-anywhere sm:py-2.5 dark:text-neutral-400">{meaning}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
