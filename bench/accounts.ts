// Accounts with content for the signed-in benchmarks, made as a person would: through the API,
// with the preview engine drawing (no network), on a server `startBuiltServer` started.

/** Waits for a job the server's own worker runs; throws unless it succeeds. */
export async function jobFinished(base: string, cookie: string, jobId: string): Promise<void> {
  for (let tries = 0; tries < 1200; tries++) {
    const response = await fetch(`${base}/api/jobs/${jobId}`, { headers: { cookie } });
    const { job } = (await response.json()) as { job: { status: string; error: string | null } };
    if (job.status === "succeeded") return;
    if (job.status === "failed" || job.status === "canceled")
      throw new Error(`Job ${jobId} ${job.status}: ${job.error}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`Job ${jobId} did not finish`);
}

/** `styles` styles (with their samples), each with `objectsPerStyle` objects of one image. */
export async function fillAccount(
  base: string,
  cookie: string,
  account: { styles: number; objectsPerStyle: number },
): Promise<void> {
  const headers = { cookie, Origin: base };
  for (let s = 0; s < account.styles; s++) {
    const form = new FormData();
    form.set("name", `Bench style ${s + 1}`);
    form.set("description", "Flat vector icons, warm amber and teal");
    form.set("defaultDetail", "draft");
    form.set("defaultSize", "square");
    const made = await fetch(`${base}/api/styles`, { method: "POST", body: form, headers });
    if (made.status !== 201) throw new Error(`POST /api/styles answered ${made.status}: ${await made.text()}`);
    const { style, job } = (await made.json()) as { style: { id: string }; job: { id: string } };
    await jobFinished(base, cookie, job.id);
    if (!account.objectsPerStyle) continue;
    const subjects = Array.from({ length: account.objectsPerStyle }, (_, i) => `Object ${s + 1}.${i + 1}`);
    const set = await fetch(`${base}/api/objects`, {
      method: "POST",
      headers: { ...headers, "Content-Type": "application/json" },
      body: JSON.stringify({ styleId: style.id, subjects, size: "square", detail: "draft", transparent: true }),
    });
    if (set.status !== 202) throw new Error(`POST /api/objects answered ${set.status}: ${await set.text()}`);
    await jobFinished(base, cookie, ((await set.json()) as { job: { id: string } }).job.id);
  }
}

/** The account's first object, by the API's newest-first order. */
export async function firstObjectId(base: string, cookie: string): Promise<string> {
  const response = await fetch(`${base}/api/objects?limit=1`, { headers: { cookie } });
  const { objects } = (await response.json()) as { objects: { id: string }[] };
  if (!objects[0]) throw new Error("The account has no objects");
  return objects[0].id;
}

/** The account's first style. */
async function firstStyleId(base: string, cookie: string): Promise<string> {
  const response = await fetch(`${base}/api/styles`, { headers: { cookie } });
  const { styles } = (await response.json()) as { styles: { id: string }[] };
  if (!styles[0]) throw new Error("The account has no styles");
  return styles[0].id;
}

/**
 * Every signed-in page a person with styles and objects reaches from the navigation, the first
 * style's and object's own pages among them; with `operator`, the operator console's pages too.
 */
export async function signedInPages(base: string, cookie: string, options: { operator: boolean }): Promise<string[]> {
  const [styleId, objectId] = await Promise.all([firstStyleId(base, cookie), firstObjectId(base, cookie)]);
  const pages = [
    "/app",
    "/app/style",
    `/app/style/${styleId}`,
    "/app/object",
    `/app/object/${objectId}`,
    "/app/characters",
    "/app/teams",
    "/app/settings",
    "/app/credits",
  ];
  const console = [
    "/app/setup",
    "/app/admin",
    "/app/admin/teams",
    "/app/admin/usage",
    "/app/admin/instance",
    "/app/admin/audit",
  ];
  return options.operator ? [...pages, ...console] : pages;
}
