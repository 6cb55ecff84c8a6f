import { expect, test, type Page, type Request as PlaywrightRequest } from "@playwright/test";
import { signIn, signInWithApi, uniqueEmail } from "../e2e/support/auth";
import { createStyleInUi } from "../e2e/support/styles";
import { startCluster, type Cluster } from "./support/cluster";

// The main flows across processes: two web processes behind a load balancer, two workers,
// PostgreSQL, S3-compatible storage and SMTP (tests/cluster/support/cluster.ts).
let cluster: Cluster;
let email: string;
/** The person of the live-progress test and the style they made, reused by the set test. */
const maker = { email: uniqueEmail("cluster-maker"), styleId: "" };

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  cluster = await startCluster();
  email = uniqueEmail("cluster");
});

test.afterAll(async () => {
  test.setTimeout(60_000);
  await cluster?.stop();
});

/** Sends every later request of the page to one web process. */
const pinTo = (page: Page, backend: "web-1" | "web-2") => page.setExtraHTTPHeaders({ "x-cluster-backend": backend });

test("signs in on one web process and carries on on the other", async ({ page }) => {
  await pinTo(page, "web-1");
  await signIn(page, email, cluster.url);
  const before = cluster.balancer.stats.answered["web-2"]!;

  await pinTo(page, "web-2");
  const response = await page.goto(`${cluster.url}/app`);
  expect(response?.headers()["x-backend"]).toBe("web-2");
  await expect(page.getByTestId("credit-badge")).toContainText("100");
  expect(cluster.balancer.stats.answered["web-2"]).toBeGreaterThan(before);
});

test("live progress made by a worker arrives through the other web process's event stream", async ({ page }) => {
  test.setTimeout(90_000);
  cluster.imageServices.forEach((service) => (service.control.latencyMs = 400));
  // Only the Styles page's own streams count: the page signing in landed on opened one too, whose
  // answer may come after the Styles page was asked for. Each stream is known by the page that opened it.
  const streams: string[] = [];
  const openedOn = new Map<PlaywrightRequest, string>();
  page.on("request", (request) => {
    if (new URL(request.url()).pathname === "/api/events") openedOn.set(request, new URL(page.url()).pathname);
  });
  page.on("response", (response) => {
    if (openedOn.get(response.request()) === "/app/style") streams.push(response.headers()["x-backend"] ?? "");
  });
  await pinTo(page, "web-2");
  await signIn(page, maker.email, cluster.url);
  await page.goto(`${cluster.url}/app/style`);
  await expect.poll(() => streams).toContain("web-2");

  // The style is made through web-1; its stream stays on web-2.
  await pinTo(page, "web-1");
  const card = await createStyleInUi(page, { name: "Across processes", description: "Isometric low-poly houses" });
  await expect(card.getByTestId("style-progress")).toContainText(/[1-3] of 4/, { timeout: 30_000 });
  await expect(card.getByRole("img")).toHaveCount(4, { timeout: 30_000 });
  expect(new Set(streams)).toEqual(new Set(["web-2"]));
  // The images live in S3, so either web process serves them.
  const src = await card.getByRole("img").first().getAttribute("src");
  await pinTo(page, "web-2");
  expect(
    (await page.request.get(new URL(src!, cluster.url).href, { headers: { "x-cluster-backend": "web-2" } })).ok(),
  ).toBe(true);
  const { styles } = (await (await page.request.get(`${cluster.url}/api/styles`)).json()) as {
    styles: { id: string; name: string }[];
  };
  maker.styleId = styles.find((style) => style.name === "Across processes")!.id;
});

test("a worker killed in the middle of a set: the other finishes it, and the set is paid for once", async ({
  page,
}) => {
  test.setTimeout(150_000);
  expect(maker.styleId).not.toBe("");
  await signInWithApi(page, maker.email, cluster.url);
  const balance = async () =>
    (
      await cluster.db.query(
        "select u.credits from workspace_balances u join auth_users a on a.id = u.id where a.email = $1",
        [maker.email],
      )
    ).rows[0].credits as number;
  const before = await balance();
  cluster.imageServices.forEach((service) => {
    service.control.latencyMs = 1_500;
    service.requests.length = 0;
  });

  const subjects = ["Lantern", "Anchor", "Compass", "Kettle", "Teapot"];
  const submitted = await page.request.post(`${cluster.url}/api/objects`, {
    headers: { Origin: cluster.url },
    data: { styleId: maker.styleId, subjects, size: "square", detail: "draft", transparent: false },
  });
  expect(submitted.status()).toBe(202);
  const { job } = (await submitted.json()) as { job: { id: string; credits: number } };
  const charged = before - (await balance());
  expect(charged).toBeGreaterThan(0);

  // Whichever worker's image service hears from the job first is running it.
  let busy = -1;
  await expect
    .poll(() => (busy = cluster.imageServices.findIndex((service) => service.requests.length > 0)), {
      timeout: 30_000,
    })
    .toBeGreaterThanOrEqual(0);
  const stored = async () =>
    Number((await cluster.db.query("select count(*) from images where job_id = $1", [job.id])).rows[0].count);
  await expect.poll(stored, { timeout: 30_000 }).toBeGreaterThanOrEqual(1);
  cluster.workers[busy as 0 | 1].kill("SIGKILL");
  const madeBeforeTheCrash = await stored();
  expect(madeBeforeTheCrash).toBeLessThan(subjects.length);

  const other = cluster.imageServices[busy === 0 ? 1 : 0];
  await expect
    .poll(
      async () => (await cluster.db.query("select status from generation_jobs where id = $1", [job.id])).rows[0].status,
      { timeout: 120_000 },
    )
    .toBe("succeeded");
  expect(other.requests.length).toBeGreaterThan(0);
  // One image per subject: none made twice, none lost.
  const perObject = await cluster.db.query(
    "select object_id, count(*)::int as images from images where job_id = $1 group by object_id",
    [job.id],
  );
  expect(perObject.rows.map((row) => row.images)).toEqual(subjects.map(() => 1));
  // One charge for the set, no refund (every image was made), and the balance says the same.
  const ledger = await cluster.db.query("select reason, delta from credit_ledger where ref = $1 order by id", [job.id]);
  expect(ledger.rows).toEqual([{ reason: "generation_reserve", delta: -charged }]);
  expect(await balance()).toBe(before - charged);

  cluster.startWorker(busy as 0 | 1);
});

test("workers killed in the middle of housekeeping: another finishes the pass, and each stale job is refunded once", async () => {
  test.setTimeout(150_000);
  // A workspace with paid jobs submitted three days ago whose queue entries were lost: housekeeping's to end.
  const STALE = 400;
  const PRICE = 12;
  const owner = `stale-owner-${Date.now()}`;
  await cluster.db.query("insert into auth_users (id, email) values ($1, $2)", [owner, uniqueEmail("stale-owner")]);
  await cluster.db.query("insert into workspace_balances (id, credits) values ($1, 0)", [owner]);
  await cluster.db.query(
    `insert into credit_ledger (workspace_id, delta, reason, ref, balance_after) values ($1, $2, 'admin_adjust', $3, $2)`,
    [owner, STALE * PRICE, `admin:${owner}`],
  );
  await cluster.db.query(
    `insert into generation_jobs (id, owner_id, created_by, kind, title, image_count, params, provider, model, credits, status, created_at)
     select $1 || '-' || g, $1, $1, 'style-samples', 'Samples', 4,
       '{"v":1,"size":"square","detail":"draft","transparent":false,"subjects":["a","b","c","d"]}',
       'openai', 'gpt-image-1', $2, 'queued', now() - interval '3 days'
     from generate_series(1, $3::int) g`,
    [owner, PRICE, STALE],
  );
  await cluster.db.query(
    `insert into credit_ledger (workspace_id, delta, reason, ref, balance_after)
     select $1, -$2::int, 'generation_reserve', $1 || '-' || g, ($3::int - g) * $2::int from generate_series(1, $3::int) g`,
    [owner, PRICE, STALE],
  );
  const refunds = async () =>
    Number(
      (
        await cluster.db.query(
          "select count(*) from credit_ledger where workspace_id = $1 and reason = 'generation_refund'",
          [owner],
        )
      ).rows[0].count,
    );

  // The schedule is set far off in the cluster (support/cluster.ts): the test asks for the pass, as the schedule
  // would, once a worker has defined the queue.
  const housekeepingQueue = async () =>
    (await cluster.db.query("select 1 from pgboss.queue where name = 'housekeeping'")).rowCount;
  await expect.poll(housekeepingQueue, { timeout: 60_000 }).toBe(1);
  expect(await cluster.sendJob("housekeeping", { v: 1 })).not.toBeNull();
  await expect.poll(refunds, { timeout: 30_000, intervals: [50] }).toBeGreaterThan(0);
  cluster.workers.forEach((worker) => worker.kill("SIGKILL"));
  const beforeTheCrash = await refunds();
  expect(beforeTheCrash).toBeLessThan(STALE);

  // A worker comes back; the dead run's heartbeat lapses and the pass runs again, from where it stood.
  cluster.startWorker(0);
  await expect.poll(refunds, { timeout: 120_000, intervals: [1_000] }).toBe(STALE);
  const jobs = await cluster.db.query(
    "select status, refunded, refunded_credits, count(*)::int as jobs from generation_jobs where owner_id = $1 group by 1, 2, 3",
    [owner],
  );
  expect(jobs.rows).toEqual([{ status: "failed", refunded: true, refunded_credits: PRICE, jobs: STALE }]);
  // One refund per job, none twice; the balance says what the ledger says.
  const lines = await cluster.db.query(
    "select count(distinct ref)::int as refs, sum(delta)::int as total from credit_ledger where workspace_id = $1 and reason = 'generation_refund'",
    [owner],
  );
  expect(lines.rows[0]).toEqual({ refs: STALE, total: STALE * PRICE });
  const balance = await cluster.db.query("select credits from workspace_balances where id = $1", [owner]);
  expect(balance.rows[0].credits).toBe(STALE * PRICE);
  const ledger = await cluster.db.query("select sum(delta)::int as total from credit_ledger where workspace_id = $1", [
    owner,
  ]);
  expect(ledger.rows[0].total).toBe(STALE * PRICE);
  cluster.startWorker(1);
});

test("a rolling restart of the web processes loses no request", async ({ page }) => {
  test.setTimeout(120_000);
  await signInWithApi(page, maker.email, cluster.url);
  const cookies = await page.context().cookies(cluster.url);
  const cookie = cookies.map((c) => `${c.name}=${c.value}`).join("; ");
  const failures: string[] = [];
  const answeredBy = new Set<string>();
  let sent = 0;
  let restarting = true;
  const client = async () => {
    const paths = ["/app", "/api/users/me/credits", "/", "/healthz"];
    while (restarting) {
      const path = paths[sent++ % paths.length]!;
      try {
        const response = await fetch(`${cluster.url}${path}`, { headers: { cookie } });
        await response.arrayBuffer();
        if (response.status !== 200) failures.push(`${path}: ${response.status}`);
        else answeredBy.add(response.headers.get("x-backend") ?? "");
      } catch (error) {
        failures.push(`${path}: ${(error as Error).message}`);
      }
    }
  };
  // An open event stream on each process: a stopping process ends it rather than wait on it.
  const streams = await Promise.all(
    (["web-1", "web-2"] as const).map(async (backend) => {
      const response = await fetch(`${cluster.url}/api/events`, {
        headers: { cookie, accept: "text/event-stream", "x-cluster-backend": backend, origin: cluster.url },
      });
      expect(response.status).toBe(200);
      const reader = response.body!.getReader();
      const ended = (async () => {
        while (!(await reader.read()).done);
        return true;
      })();
      return { ended };
    }),
  );
  const clients = Array.from({ length: 4 }, client);
  expect(await cluster.restartWeb(0)).toBe(0);
  expect(await cluster.restartWeb(1)).toBe(0);
  expect(await Promise.all(streams.map((stream) => stream.ended))).toEqual([true, true]);
  // Both answer again after the restart.
  answeredBy.clear();
  await expect.poll(() => answeredBy.size, { timeout: 10_000 }).toBe(2);
  restarting = false;
  await Promise.all(clients);
  expect(failures).toEqual([]);
  expect(sent).toBeGreaterThan(50);
});
