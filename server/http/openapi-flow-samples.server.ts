/**
 * Copy-paste examples for the main flows, shown beside their operations in the API
 * reference (x-codeSamples). They assume MOTIF_URL (where Motif is served) and
 * MOTIF_KEY (an API key) in the environment.
 */
export interface CodeSample {
  lang: string;
  label: string;
  source: string;
}

const fetchPreamble = `const motif = process.env.MOTIF_URL; // e.g. "https://motif.example.com"
const auth = { Authorization: \`Bearer \${process.env.MOTIF_KEY}\` };`;

export const createStyleSamples: CodeSample[] = [
  {
    lang: "Shell",
    label: "curl",
    source: `curl -sS "$MOTIF_URL/api/styles" \\
  -H "Authorization: Bearer $MOTIF_KEY" \\
  -H "Idempotency-Key: $(uuidgen)" \\
  -F name="Cozy inventory" \\
  -F description="Flat vector icons, warm amber and deep teal, soft shadows" \\
  -F defaultSize=square -F defaultDetail=standard -F defaultTransparent=true \\
  -F references=@reference.png`,
  },
  {
    lang: "TypeScript",
    label: "fetch",
    source: `${fetchPreamble}

const response = await fetch(\`\${motif}/api/styles\`, {
  method: "POST",
  headers: { ...auth, "Content-Type": "application/json", "Idempotency-Key": crypto.randomUUID() },
  body: JSON.stringify({
    name: "Cozy inventory",
    description: "Flat vector icons, warm amber and deep teal, soft shadows",
    defaultSize: "square",
    defaultDetail: "standard",
  }),
});
if (!response.ok) throw new Error((await response.json()).error.message);
const { style, job } = await response.json(); // job makes the style's four sample images`,
  },
];

export const generateObjectsSamples: CodeSample[] = [
  {
    lang: "Shell",
    label: "curl",
    source: `curl -sS "$MOTIF_URL/api/objects" \\
  -H "Authorization: Bearer $MOTIF_KEY" \\
  -H "Content-Type: application/json" \\
  -H "Idempotency-Key: $(uuidgen)" \\
  -d '{"styleId":"'"$STYLE_ID"'","subjects":["Potion","Sword","Treasure chest"],
       "size":"square","detail":"standard","transparent":true,"variations":2}'`,
  },
  {
    lang: "TypeScript",
    label: "fetch",
    source: `${fetchPreamble}

const response = await fetch(\`\${motif}/api/objects\`, {
  method: "POST",
  headers: { ...auth, "Content-Type": "application/json", "Idempotency-Key": crypto.randomUUID() },
  body: JSON.stringify({
    styleId,
    subjects: ["Potion", "Sword", "Treasure chest"],
    size: "square",
    detail: "standard",
    transparent: true,
    variations: 2,
  }),
});
if (response.status !== 202) throw new Error((await response.json()).error.message);
const { job, objects } = await response.json();`,
  },
];

export const pollJobSamples: CodeSample[] = [
  {
    lang: "Shell",
    label: "curl",
    source: `until curl -sS "$MOTIF_URL/api/jobs/$JOB_ID" -H "Authorization: Bearer $MOTIF_KEY" \\
  | grep -Eq '"status":"(succeeded|failed|canceled)"'; do sleep 2; done`,
  },
  {
    lang: "TypeScript",
    label: "fetch",
    source: `${fetchPreamble}

async function waitForJob(jobId: string) {
  for (;;) {
    const { job } = await (await fetch(\`\${motif}/api/jobs/\${jobId}\`, { headers: auth })).json();
    if (!["queued", "running"].includes(job.status)) return job; // succeeded, failed or canceled
    await new Promise((resolve) => setTimeout(resolve, 2000));
  }
}`,
  },
];

export const exportZipSamples: CodeSample[] = [
  {
    lang: "Shell",
    label: "curl",
    source: `curl -sS -o motif.zip "$MOTIF_URL/api/objects/export.zip?setId=$JOB_ID&images=all" \\
  -H "Authorization: Bearer $MOTIF_KEY"`,
  },
  {
    lang: "TypeScript",
    label: "fetch",
    source: `import { writeFile } from "node:fs/promises";
${fetchPreamble}

const response = await fetch(\`\${motif}/api/objects/export.zip?setId=\${jobId}&images=all\`, { headers: auth });
if (!response.ok) throw new Error((await response.json()).error.message);
await writeFile("motif.zip", Buffer.from(await response.arrayBuffer()));`,
  },
];
