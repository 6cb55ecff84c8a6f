import { afterEach, describe, expect, it } from "vitest";
import { closeRenderThread, enableRenderThread, RenderThread, renderThread } from "./render-thread.server";
import type { RenderTransfer } from "./render-transfer.server";

const fixture = (name: string) => new URL(`../../tests/fixtures/render-threads/${name}.mjs`, import.meta.url);

/** A transfer for `url`; only the address and status matter to the fixtures. */
function transferFor(url: string, loaderData: Record<string, unknown> = {}): RenderTransfer {
  return {
    url,
    status: 200,
    basename: "/",
    location: { pathname: new URL(url).pathname, search: "", hash: "", state: null, key: "default" },
    matches: [],
    loaderData,
    statusCode: 200,
    deepestRenderedBoundaryId: null,
    serverHandoffString: undefined,
    criticalCss: undefined,
    isSpaMode: false,
    handoff: "",
  };
}

let thread: RenderThread | undefined;
afterEach(async () => {
  await thread?.close();
});

describe("the render thread", () => {
  it("answers each document with the bytes the thread rendered, several at once", async () => {
    thread = new RenderThread(fixture("echo"));
    const answers = await Promise.all(
      ["/app", "/app/style", "/app/settings"].map((path) => thread!.render(transferFor(`http://m.test${path}`))),
    );
    expect(answers.map(({ html }) => html.toString())).toEqual([
      "<p>http://m.test/app</p>",
      "<p>http://m.test/app/style</p>",
      "<p>http://m.test/app/settings</p>",
    ]);
    expect(answers.every(({ html, status }) => Buffer.isBuffer(html) && status === 200)).toBe(true);
  });

  it("rejects what was sent to a thread that stopped, and starts a new one for the next document", async () => {
    thread = new RenderThread(fixture("echo"));
    expect((await thread.render(transferFor("http://m.test/app"))).html.toString()).toBe("<p>http://m.test/app</p>");
    await expect(thread.render(transferFor("http://m.test/stop"))).rejects.toThrow("The render thread stopped (3)");
    expect(thread.usable).toBe(true);
    expect((await thread.render(transferFor("http://m.test/again"))).html.toString()).toBe(
      "<p>http://m.test/again</p>",
    );
  });

  it("refuses data that cannot cross to the thread, and goes on rendering", async () => {
    thread = new RenderThread(fixture("echo"));
    await expect(thread.render(transferFor("http://m.test/app", { load: () => 1 }))).rejects.toThrow(
      "could not be cloned",
    );
    expect((await thread.render(transferFor("http://m.test/app"))).status).toBe(200);
  });

  it("stops trying a thread that could not start: every document is refused at once after", async () => {
    thread = new RenderThread(fixture("broken"));
    expect(thread.usable).toBe(true);
    await expect(thread.render(transferFor("http://m.test/app"))).rejects.toThrow("the build is missing");
    expect(thread.usable).toBe(false);
    await expect(thread.render(transferFor("http://m.test/app"))).rejects.toThrow("The render thread could not start");
  });

  it("rejects the documents still rendering when it is closed", async () => {
    thread = new RenderThread(fixture("echo"));
    const refused = expect(thread.render(transferFor("http://m.test/app"))).rejects.toThrow(
      "The render thread was stopped",
    );
    await thread.close();
    await refused;
  });

  it("is offered to documents only while it can render, and not after shutdown", async () => {
    enableRenderThread(fixture("broken"));
    const offered = renderThread();
    expect(offered).not.toBeNull();
    await expect(offered!.render(transferFor("http://m.test/app"))).rejects.toThrow("the build is missing");
    // A thread that could not start is not offered: no document is prepared for it.
    expect(renderThread()).toBeNull();
    enableRenderThread(fixture("echo"));
    expect((await renderThread()!.render(transferFor("http://m.test/app"))).status).toBe(200);
    await closeRenderThread();
    expect(renderThread()).toBeNull();
  });
});
