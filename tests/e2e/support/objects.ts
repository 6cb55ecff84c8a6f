import { expect, type Locator, type Page } from "@playwright/test";
import { e2ePorts } from "./ports";

/** Creates a style through the API (draft, transparent) and waits for its samples. */
export async function createStyleWithApi(
  page: Page,
  name: string,
  base = `http://localhost:${e2ePorts.app}`,
  /** More form fields, e.g. defaultModel. */
  fields: Record<string, string> = {},
) {
  const created = await page.request.post(`${base}/api/styles`, {
    headers: { Origin: base },
    multipart: { name, description: "Chunky flat game icons, warm amber and teal", defaultDetail: "draft", ...fields },
  });
  expect(created.status()).toBe(201);
  const { style } = (await created.json()) as { style: { id: string } };
  await expect
    .poll(
      async () => {
        const list = (await (await page.request.get(`${base}/api/styles`)).json()) as {
          styles: { id: string; job: { status: string } | null }[];
        };
        return list.styles.find((s) => s.id === style.id)?.job?.status;
      },
      { timeout: 30_000 },
    )
    .toBe("succeeded");
  return style.id;
}

/** Generates objects through the API; returns the job and the objects. */
export async function generateObjectsWithApi(
  page: Page,
  body: { styleId: string; subjects: string[]; variations?: number; detail?: "draft" | "standard" | "high" },
  base = `http://localhost:${e2ePorts.app}`,
) {
  const response = await page.request.post(`${base}/api/objects`, {
    headers: { Origin: base, "Idempotency-Key": crypto.randomUUID() },
    data: { size: "square", detail: "draft", transparent: true, variations: 1, ...body },
  });
  expect(response.status()).toBe(202);
  return (await response.json()) as { job: { id: string }; objects: { id: string; name: string }[] };
}

/** Waits until a job has made everything it will (its status succeeded). */
export async function waitForJob(page: Page, jobId: string, base = `http://localhost:${e2ePorts.app}`) {
  await expect
    .poll(
      async () => {
        const reply = (await (await page.request.get(`${base}/api/jobs/${jobId}`)).json()) as {
          job: { status: string };
        };
        return reply.job.status;
      },
      { timeout: 30_000 },
    )
    .toBe("succeeded");
}

/**
 * Opens a "Download…" dialog with `open`, makes the choices `choose` makes in it, presses its
 * Download button and waits for the file; the dialog closes. The file's path.
 */
export async function downloadThroughDialog(
  page: Page,
  open: Locator,
  choose?: (dialog: Locator) => Promise<void>,
): Promise<string> {
  await open.click();
  const dialog = page.getByRole("dialog");
  await expect(dialog).toBeVisible();
  await choose?.(dialog);
  const [file] = await Promise.all([page.waitForEvent("download"), dialog.getByTestId("download-confirm").click()]);
  await expect(dialog).toHaveCount(0);
  return (await file.path())!;
}
