import { describe, expect, it } from "vitest";
import type { ObjectDetail } from "#domain/objects";
import type { StyleView } from "#domain/styles";
import { cardVariantsSettled } from "#server/images/card-variants.server";
import { testDatabases } from "../support/databases";
import { createStyleThroughApi, json, runJob, submitObjects } from "../support/factories";
import { statementsNamed } from "../support/server-timing";
import { setUpSignedInApi } from "../support/signed-in-api";
import { signInThroughApi } from "../support/test-server";

const statementsOf = (response: Response) => statementsNamed(response.headers.get("server-timing"));

describe.each(testDatabases)("signed links to image copies, on $name", (target) => {
  const api = setUpSignedInApi(target, "signed-links@example.com", {}, { SERVER_TIMING: "true" });

  async function firstAnchor() {
    const { styleId } = await createStyleThroughApi(api.server, api.user.cookie, { name: `Signed ${Date.now()}` });
    const { styles } = await json<{ styles: StyleView[] }>(
      await api.server.call("/api/styles", { cookie: api.user.cookie }),
    );
    const style = styles.find((s) => s.id === styleId)!;
    // The grids' copies are made beside the job; a repeat is only query-free once they are kept.
    await cardVariantsSettled();
    return { styleId, anchor: style.anchors[0]!, style };
  }
  const copyUrl = (anchor: { url: string; signature: string }, width = 320, signature = anchor.signature) =>
    `/api/image?${new URLSearchParams({ url: anchor.url, w: String(width), q: "80", s: signature })}`;

  it("serves a signed copy without credentials, cacheable by anyone until the signature ends, and repeats run no query", async () => {
    const { anchor, style } = await firstAnchor();
    expect(style.references).toEqual([]);
    const first = await api.server.call(copyUrl(anchor));
    expect(first.status).toBe(200);
    expect(first.headers.get("content-type")).toBe("image/webp");
    const cacheControl = first.headers.get("cache-control")!;
    expect(cacheControl).toMatch(/^public, max-age=\d+, immutable$/);
    const maxAge = Number(/max-age=(\d+)/.exec(cacheControl)![1]);
    const expires = Number(anchor.signature.split(".")[0]);
    expect(maxAge).toBeGreaterThan(12 * 3600 - 60);
    expect(maxAge).toBeLessThanOrEqual(expires - Math.floor(Date.now() / 1000) + 1);
    // The very bytes the owner gets with a session.
    const withSession = await api.server.call(copyUrl(anchor, 320, ""), { cookie: api.user.cookie });
    expect(withSession.headers.get("cache-control")).toBe("private, max-age=31536000, immutable");
    expect(Buffer.from(await first.arrayBuffer()).equals(Buffer.from(await withSession.arrayBuffer()))).toBe(true);

    const repeat = await api.server.call(copyUrl(anchor));
    expect(repeat.status).toBe(200);
    expect(statementsOf(repeat)).toBe(0);
    const another = await api.server.call(copyUrl(anchor, 640));
    expect(another.status).toBe(200);
    expect(statementsOf(another)).toBe(0);
  });

  it("asks for the owner's credentials when the signature is missing, altered, another image's or expired", async () => {
    const { anchor, style } = await firstAnchor();
    const other = style.anchors[1]!;
    const [expires, mac] = anchor.signature.split(".") as [string, string];
    for (const signature of [
      "",
      `${expires}.${mac.slice(0, -1)}${mac.endsWith("A") ? "B" : "A"}`,
      other.signature,
      `${Number(expires) + 43200}.${mac}`,
    ]) {
      const response = await api.server.call(copyUrl(anchor, 320, signature));
      expect(response.status, signature).toBe(401);
    }
    const expired = await api.server.call(copyUrl(anchor, 320, `1700000000.${mac}`));
    expect(expired.status).toBe(401);
    // Someone else's session does not stand in for a signature either.
    const bob = await signInThroughApi(api.server, "signed-links-bob@example.com");
    expect((await api.server.call(copyUrl(anchor, 320, ""), { cookie: bob.cookie })).status).toBe(404);
  });

  it("stops serving an image deleted after its copies were served, and makes nothing for it", async () => {
    const { styleId, anchor } = await firstAnchor();
    expect((await api.server.call(copyUrl(anchor))).status).toBe(200);
    const deleted = await api.server.call(`/api/styles/${styleId}`, { method: "DELETE", cookie: api.user.cookie });
    expect(deleted.status).toBeLessThan(300);
    expect((await api.server.call(copyUrl(anchor))).status).toBe(404);
    // A size never made: no copy of a deleted image is made for it either.
    expect((await api.server.call(copyUrl(anchor, 1024))).status).toBe(404);
    expect(api.files.filesUnder(`users/${api.user.userId}/styles/${styleId}`)).toEqual([]);
  });

  it("signs the images of objects: their covers in lists and every image of an object", async () => {
    const { styleId } = await createStyleThroughApi(api.server, api.user.cookie);
    const set = await submitObjects(api.server, api.user.cookie, { styleId, subjects: ["Potion"] });
    expect((await runJob(api.server, set.job.id))?.status).toBe("succeeded");
    const objectId = set.objects[0]!.id;
    const page = await json<{ objects: { id: string; cover: { url: string; signature: string } | null }[] }>(
      await api.server.call("/api/objects", { cookie: api.user.cookie }),
    );
    const cover = page.objects.find((o) => o.id === objectId)!.cover!;
    expect((await api.server.call(copyUrl(cover))).status).toBe(200);
    const { object } = await json<{ object: ObjectDetail }>(
      await api.server.call(`/api/objects/${objectId}`, { cookie: api.user.cookie }),
    );
    for (const image of object.images) expect((await api.server.call(copyUrl(image))).status).toBe(200);
  });
});
