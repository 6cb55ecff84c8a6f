// The production server renders signed-in pages on its render thread (docs/decisions/133), and
// what the thread renders is byte for byte what the thread answering requests renders without it:
// every signed-in page of an account with a style and objects (made by the preview engine), and
// the operator console's, from one server with the thread and then from one with RENDER_THREAD=off
// on the same folder, signed in with the same session.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ensureBuild } from "../../scripts/ensure-build.mjs";
import { fillAccount, signedInPages } from "../../bench/accounts";
import { startSmtpCapture, type SmtpCapture } from "../fakes/smtp-capture";
import { freeLoopbackPort } from "../support/free-port";
import { signInToProcess } from "../support/process-sign-in";
import { startServerProcess, waitForHealth, type ServerProcess } from "../support/server-process";

let root: string;
let mail: SmtpCapture;
let server: ServerProcess | undefined;
beforeAll(async () => {
  ensureBuild();
  root = mkdtempSync(path.join(tmpdir(), "motif-render-thread-"));
  mail = await startSmtpCapture();
});
afterAll(async () => {
  server?.child.kill("SIGKILL");
  await mail?.close();
  rmSync(root, { recursive: true, force: true });
});

/** How many documents each thread rendered, from /metrics. */
async function rendered(base: string): Promise<{ render: number; requests: number }> {
  const text = await (await fetch(`${base}/metrics`)).text();
  const count = (thread: string) =>
    Number(new RegExp(`^motif_documents_rendered_total\\{thread="${thread}"\\} (\\d+)`, "m").exec(text)?.[1] ?? 0);
  return { render: count("render"), requests: count("requests") };
}

describe("the render thread", { timeout: 240_000 }, () => {
  it("renders signed-in pages, each the same bytes as without it", async () => {
    const port = await freeLoopbackPort();
    const base = `http://127.0.0.1:${port}`;
    const dataDir = path.join(root, "data");
    const start = async (env: Record<string, string>) => {
      server = startServerProcess(port, dataDir, {
        PUBLIC_URL: base,
        SMTP_URL: `smtp://127.0.0.1:${mail.smtpPort}`,
        ...env,
      });
      await waitForHealth(port);
    };
    const stop = async () => {
      server!.child.kill("SIGTERM");
      expect(await server!.exited).toBe(0);
    };
    const pagesOf = async (cookie: string, pages: string[]) => {
      const documents = new Map<string, string>();
      for (const page of pages) {
        const response = await fetch(`${base}${page}`, { headers: { cookie } });
        expect(response.status, page).toBe(200);
        documents.set(page, await response.text());
      }
      return documents;
    };

    await start({});
    // The first account on a fresh installation is its operator: the console's pages are here too.
    const cookie = await signInToProcess(base, mail, "renders@example.com");
    await fillAccount(base, cookie, { styles: 1, objectsPerStyle: 3 });
    const pages = await signedInPages(base, cookie, { operator: true });
    const onTheThread = await pagesOf(cookie, pages);
    const counted = await rendered(base);
    expect(counted.render).toBeGreaterThanOrEqual(pages.length);
    await stop();

    await start({ RENDER_THREAD: "off" });
    const withoutIt = await pagesOf(cookie, pages);
    expect((await rendered(base)).render).toBe(0);
    expect((await rendered(base)).requests).toBeGreaterThanOrEqual(pages.length);
    // Kept page data is read under the version the document read first: a change shows at once.
    const objectPage = pages.find((page) => page.startsWith("/app/object/"))!;
    const renamed = await fetch(`${base}/api/objects/${objectPage.split("/").at(-1)}`, {
      method: "PATCH",
      headers: { cookie, Origin: base, "Content-Type": "application/json" },
      body: JSON.stringify({ name: "Renamed kettle" }),
    });
    expect(renamed.status).toBe(200);
    for (const [page, html] of await pagesOf(cookie, [objectPage, "/app"])) {
      expect(withoutIt.get(page), page).not.toContain("Renamed kettle");
      expect(html, page).toContain("Renamed kettle");
    }
    await stop();

    // The console's lists carry the time they were read at (for "2 minutes ago"): set aside.
    const readAt = /\\"now\\",\\"[\d\-T:.]+Z\\"/g;
    const comparable = (html: string) => html.replace(readAt, "now");
    for (const page of pages) {
      expect(onTheThread.get(page)!.length, page).toBeGreaterThan(1_000);
      expect(comparable(onTheThread.get(page)!), page).toBe(comparable(withoutIt.get(page)!));
    }
  });
});
