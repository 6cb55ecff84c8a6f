import { expect, test, type Page } from "@playwright/test";
import { signInWithApi, uniqueEmail } from "./support/auth";
import { createStyleWithApi, generateObjectsWithApi } from "./support/objects";
import { e2ePorts } from "./support/ports";

// A real provider (the OpenAI fake) refuses what its content policy refuses: here, one subject.
const base = `http://localhost:${e2ePorts.openaiApp}`;
const control = `http://127.0.0.1:${e2ePorts.openai}/__control`;
const REFUSED = "Forbidden relic";

interface EndedJob {
  id: string;
  title: string;
  status: string;
  credits: number;
  refundedCredits: number;
  error: string | null;
}

async function endedJob(page: Page, id: string): Promise<EndedJob> {
  let job: EndedJob | undefined;
  await expect
    .poll(
      async () => {
        job = ((await (await page.request.get(`${base}/api/jobs/${id}`)).json()) as { job: EndedJob }).job;
        return job.status;
      },
      { timeout: 30_000 },
    )
    .toMatch(/^(succeeded|failed)$/);
  return job!;
}

test.describe("a finished job's card", () => {
  test.describe.configure({ mode: "serial" });
  test.afterEach(async ({ request }) => {
    await request.delete(control);
  });

  test("says what was made, what was refunded and what failed, in words and numbers", async ({ page, request }) => {
    test.setTimeout(90_000);
    await signInWithApi(page, uniqueEmail("finished-jobs"), base);
    const styleId = await createStyleWithApi(page, "Finished icons", base);
    await request.post(control, { data: { refusePrompt: REFUSED } });

    const made = await generateObjectsWithApi(page, { styleId, subjects: ["Anvil", "Bell"] }, base);
    const partial = await generateObjectsWithApi(page, { styleId, subjects: ["Lantern", REFUSED, "Compass"] }, base);
    const failed = await generateObjectsWithApi(page, { styleId, subjects: [REFUSED] }, base);
    const [succeededJob, partialJob, failedJob] = [
      await endedJob(page, made.job.id),
      await endedJob(page, partial.job.id),
      await endedJob(page, failed.job.id),
    ];
    // The ledger behind the cards: nothing back for the whole set, one image's share for the
    // partial one, everything for the failed one.
    expect(succeededJob).toMatchObject({ status: "succeeded", refundedCredits: 0, error: null });
    expect(partialJob.status).toBe("succeeded");
    expect(partialJob.refundedCredits).toBe(partialJob.credits / 3);
    expect(failedJob.status).toBe("failed");
    expect(failedJob.refundedCredits).toBe(failedJob.credits);

    await page.goto(`${base}/app`);
    await expect(page.getByText("All finished")).toBeVisible();
    const card = (job: EndedJob) => page.getByRole("article", { name: job.title, exact: true });

    // Every image made: done, paid in full, nothing refunded, each object done.
    const done = card(succeededJob);
    await expect(done).toHaveAttribute("data-status", "succeeded");
    await expect(done.getByRole("status")).toHaveText(/^Done\s*2 of 2 images$/);
    await expect(done).toContainText(`${succeededJob.credits} credits`);
    await expect(done).not.toContainText("refunded");
    await expect(done.getByRole("alert")).toHaveCount(0);
    await expect(done.getByRole("link", { name: "Anvil: done" })).toBeVisible();
    await expect(done.getByRole("link", { name: "Bell: done" })).toBeVisible();
    await expect(done.getByRole("link", { name: /Open the set/ })).toBeVisible();

    // Two of three made: done, one image's credits refunded, the reason, and which object stopped.
    const part = card(partialJob);
    await expect(part).toHaveAttribute("data-status", "succeeded");
    await expect(part.getByRole("status")).toHaveText(/^Done\s*2 of 3 images$/);
    await expect(part).toContainText(`${partialJob.credits} credits · ${partialJob.refundedCredits} refunded`);
    await expect(part).toContainText(
      `1 of 3 images could not be made and ${partialJob.refundedCredits} credits were refunded.`,
    );
    await expect(part).toContainText("declined this request under its content policy");
    await expect(part.getByRole("link", { name: "Lantern: done" })).toBeVisible();
    await expect(part.getByRole("link", { name: "Compass: done" })).toBeVisible();
    await expect(part.getByRole("link", { name: `${REFUSED}: stopped` })).toBeVisible();
    await expect(part.getByRole("link", { name: /Open the set/ })).toBeVisible();

    // Nothing made: failed, everything refunded, the reason as an alert, the object stopped.
    const fail = card(failedJob);
    await expect(fail).toHaveAttribute("data-status", "failed");
    await expect(fail.getByRole("status")).toHaveText(/^Failed\s*0 of 1 image$/);
    await expect(fail).toContainText(`${failedJob.credits} credits · ${failedJob.credits} refunded`);
    await expect(fail.getByRole("alert")).toHaveText(failedJob.error!);
    await expect(fail.getByRole("alert")).toContainText("declined this request under its content policy");
    await expect(fail.getByRole("link", { name: `${REFUSED}: stopped` })).toBeVisible();
    await expect(fail.getByRole("link", { name: /Open the set/ })).toHaveCount(0);
    await expect(fail.getByRole("progressbar")).toHaveAttribute("aria-valuenow", "0");
  });
});
