// Every documented operation answers as documented, on both databases: one walk through the main
// flows, each answer checked against the OpenAPI document (tests/support/openapi-check.ts), a
// step's state kept for the next, then a check that no documented operation was left out.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import { readZip } from "../support/zip";
import { describe, expect, it } from "vitest";
import type { JobView, ObjectDetail, ObjectPage } from "#domain/objects";
import type { StyleView } from "#domain/styles";
import { IMAGE_WIDTHS } from "#domain/image-url";
import { REFERENCE_SCRIPT_PATH } from "#server/http/api-reference.server";
import { buildOpenApiDocument } from "#server/http/openapi.server";
import { apiOperations } from "#server/http/operations/index.server";
import { announceControl, withdrawControl } from "#server/operator/control-file.server";
import { testDatabases } from "../support/databases";
import { readStream } from "../support/event-stream";
import { PUBLIC_URL, sessionCookieFrom, tokenFromLink } from "../support/test-server";
import { form, png, setUpOpenApiWalk } from "./openapi-helpers";
import { runsTheOperatorConsole } from "./openapi-operator-step";
import { runsATeam } from "./openapi-teams-step";
import { worksOnAnObjectsImage } from "./openapi-game-assets-step";
import { sellsCreditPacksThroughStripe } from "./openapi-stripe-step";

describe.each(testDatabases)("every documented operation answers as documented, on $name", (target) => {
  const walk = setUpOpenApiWalk(target);
  const { api, doc, call, callWithKey, ran, state } = walk;

  it("serves the document and the reference page to anyone, with the page's script from this server", async () => {
    const { response, body } = await call("GET", "/api/openapi.json", { cookie: "" });
    expect(response.headers.get("cache-control")).toBe("public, max-age=300");
    // The document as built, naming this instance's terms at its PUBLIC_URL (decision 098).
    expect(body).toEqual(JSON.parse(JSON.stringify(buildOpenApiDocument(apiOperations, PUBLIC_URL))));
    expect((body as { info: { termsOfService: string } }).info.termsOfService).toBe(`${PUBLIC_URL}/terms`);

    const page = await call("GET", "/api/docs", { cookie: "" });
    const html = await page.response.text();
    expect(html).toContain(`<script src="${REFERENCE_SCRIPT_PATH}"`);
    expect(html).toContain('"url": "/api/openapi.json"');
    // Nothing on the page comes from elsewhere: it works without internet.
    expect(html).not.toMatch(/https?:\/\//);
    const script = await api.server.call(REFERENCE_SCRIPT_PATH);
    expect(script.status, "the page's script comes from the @scalar/api-reference package").toBe(200);
    expect(script.headers.get("content-type")).toMatch(/^text\/javascript/);
    expect(await script.text()).toContain("createApiReference");
  });

  it("signs in through the link flow, and refuses what is not signed in", async () => {
    const email = "second@example.com";
    const before = api.server.mailer.sent.length;
    await call("POST", "/api/auth/signin-email", { cookie: "", json: { email } });
    await expect.poll(() => api.server.mailer.sent.length).toBe(before + 1);
    const token = tokenFromLink(api.server.mailer.sent.at(-1)!.link!);
    expect((await call("POST", "/api/auth/link-status", { cookie: "", json: { token } })).body).toEqual({
      usable: true,
    });
    const wrong = await call("POST", "/api/auth/verify", { cookie: "", json: { token: "not-a-token", email } });
    expect(wrong.status).toBe(401);
    const { body } = await call<{ idToken: string }>("POST", "/api/auth/verify", {
      cookie: "",
      json: { token, email },
    });
    const signedIn = await call("POST", "/api/auth/token", { cookie: "", json: { idToken: body.idToken } });
    const cookie = sessionCookieFrom(signedIn.response)!;
    expect((await call("POST", "/api/users/new", { cookie })).status).toBe(201);
    expect((await call("POST", "/api/users/new", { cookie })).status).toBe(200);
    expect((await call("DELETE", "/api/auth/token", { cookie })).status).toBe(200);
    expect((await call("GET", "/api/users/me", { cookie })).status).toBe(401);

    expect(
      (await call("GET", "/api/auth/oauth/:provider", { cookie: "", params: { provider: "github" } })).status,
    ).toBe(404);
    const callback = await call("GET", "/api/auth/oauth/:provider/callback", {
      cookie: "",
      params: { provider: "github" },
      query: "code=x&state=y",
      redirect: "manual",
    });
    expect(callback.response.headers.get("location")).toBe("/auth/login");
    expect((await call("GET", "/api/styles", { cookie: "" })).status).toBe(401);
  });

  it("makes an API key from the browser session, which cannot manage keys itself", async () => {
    const created = await call<{ key: { id: string }; secret: string }>("POST", "/api/keys", { json: { name: "CI" } });
    expect(created.status).toBe(201);
    state.key = { id: created.body.key.id, secret: created.body.secret };
    const list = await call<{ keys: { id: string }[] }>("GET", "/api/keys");
    expect(list.body.keys.map((k) => k.id)).toEqual([state.key.id]);
    expect((await call("GET", "/api/keys", { key: state.key.secret })).status).toBe(403);
    expect((await call("GET", "/api/setup", { key: state.key.secret })).status).toBe(403);
    // Without a webhook there is nothing to test or redeliver, and no deliveries.
    const params = { id: state.key.id, deliveryId: "d_none" };
    expect((await call("POST", "/api/keys/:id/webhook/test", { params })).status).toBe(409);
    expect((await call("GET", "/api/keys/:id/webhook/deliveries", { params })).body).toEqual({ deliveries: [] });
    expect((await call("POST", "/api/keys/:id/webhook/deliveries/:deliveryId/redeliver", { params })).status).toBe(409);
  });

  it("creates a style with a reference image, once per Idempotency-Key, and edits it", async () => {
    const fields = {
      name: "Cozy inventory",
      description: "Flat vector icons, warm amber and deep teal",
      defaultDetail: "draft",
      defaultTransparent: "true",
    };
    const reference = await png("#2a9d8f");
    const headers = { "Idempotency-Key": "openapi-style-1" };
    const created = await call<{ style: { id: string }; job: { id: string } }>("POST", "/api/styles", {
      body: form(fields, [reference]),
      headers,
    });
    expect(created.status).toBe(201);
    const again = await call("POST", "/api/styles", { body: form(fields, [reference]), headers });
    expect(again.body).toEqual(created.body);
    state.styleId = created.body.style.id;
    await ran(created.body.job.id);

    expect((await call("POST", "/api/styles", { json: { name: "" } })).status).toBe(400);
    const list = await call<{ styles: StyleView[]; models: unknown }>("GET", "/api/styles");
    expect((await call("GET", "/api/models")).body).toEqual(list.body.models);
    const style = list.body.styles.find((s) => s.id === state.styleId)!;
    expect(style.anchors).toHaveLength(4);
    state.referenceIds = style.references.map((r) => r.id);
    const one = await call<{ style: StyleView }>("GET", "/api/styles/:id", { params: { id: state.styleId } });
    expect(one.body.style).toEqual(style);

    const edited = await call("PATCH", "/api/styles/:id", {
      params: { id: state.styleId },
      json: { palette: ["#2a9d8f", "#e9c46a"] },
    });
    expect(edited.body).toMatchObject({ style: { samplesStale: ["palette"] } });
    expect((await call("POST", "/api/styles/:id/samples/keep", { params: { id: state.styleId } })).status).toBe(200);

    const added = await call<{ references: { id: string }[] }>("POST", "/api/styles/:id/references", {
      params: { id: state.styleId },
      body: form({}, [await png("#e76f51")]),
    });
    expect(added.status).toBe(201);
    const removed = await call("DELETE", "/api/styles/:id/references/:referenceId", {
      params: { id: state.styleId, referenceId: added.body.references[0]!.id },
    });
    expect(removed.status).toBe(200);

    const file = await call("GET", "/api/files/reference/:id", { params: { id: state.referenceIds[0]! } });
    expect(file.status).toBe(200);
    const etag = file.response.headers.get("etag")!;
    const kept = await call("GET", "/api/files/reference/:id", {
      params: { id: state.referenceIds[0]! },
      headers: { "If-None-Match": etag },
    });
    expect(kept.status).toBe(304);
  });

  it("remakes, cancels and completes a style's samples", async () => {
    const params = { id: state.styleId };
    const remade = await call<{ job: { id: string } }>("POST", "/api/styles/:id/samples", { params });
    expect(remade.status).toBe(201);
    const cancelled = await call<{ refunded: number }>("POST", "/api/styles/:id/cancel", { params });
    expect(cancelled.body.refunded).toBeGreaterThan(0);
    const missing = await call<{ job: { id: string } }>("POST", "/api/styles/:id/anchors", { params });
    if (missing.status === 201) await ran(missing.body.job.id);
    else expect(missing.body).toMatchObject({ error: { code: "conflict" } });
  });

  it("with the key: generates a set, polls its job, and reads, renames and varies its objects", async () => {
    const submitted = await callWithKey<{ job: JobView; objects: { id: string }[] }>("POST", "/api/objects", {
      json: {
        styleId: state.styleId,
        subjects: ["Potion", "Sword"],
        size: "square",
        detail: "draft",
        transparent: true,
      },
      headers: { "Idempotency-Key": "openapi-set-1" },
    });
    expect(submitted.status).toBe(202);
    state.setId = submitted.body.job.id;
    const queued = await callWithKey<{ job: JobView }>("GET", "/api/jobs/:id", { params: { id: state.setId } });
    expect(queued.body.job.status).toBe("queued");
    await ran(state.setId);
    const done = await callWithKey<{ job: JobView }>("GET", "/api/jobs/:id", { params: { id: state.setId } });
    expect(done.body.job).toMatchObject({ status: "succeeded", completed: 2, total: 2 });
    expect((await callWithKey("GET", "/api/jobs/:id", { params: { id: "no-such-job" } })).status).toBe(404);
    expect((await callWithKey("POST", "/api/objects", { json: { styleId: state.styleId } })).status).toBe(400);

    const page = await callWithKey<ObjectPage>("GET", "/api/objects", { query: `setId=${state.setId}&sort=name` });
    expect(page.body.objects.map((o) => o.name)).toEqual(["Potion", "Sword"]);
    state.objectId = page.body.objects[0]!.id;

    const detail = await callWithKey<{ object: ObjectDetail }>("GET", "/api/objects/:id", {
      params: { id: state.objectId },
    });
    state.imageId = detail.body.object.images[0]!.id;
    state.imageUrl = detail.body.object.images[0]!.url;
    const renamed = await callWithKey<{ object: ObjectDetail }>("PATCH", "/api/objects/:id", {
      params: { id: state.objectId },
      json: { name: "Healing potion" },
    });
    expect(renamed.body.object.name).toBe("Healing potion");

    const varied = await callWithKey<{ job: JobView }>("POST", "/api/objects/:id/variations", {
      params: { id: state.objectId },
      json: { count: 2 },
    });
    expect(varied.status).toBe(202);
    const cancelled = await callWithKey<{ job: JobView; refunded: number }>("POST", "/api/jobs/:id/cancel", {
      params: { id: varied.body.job.id },
    });
    expect(cancelled.body).toMatchObject({ job: { status: "canceled" }, refunded: varied.body.job.credits });
    expect((await callWithKey("POST", "/api/jobs/:id/cancel", { params: { id: state.setId } })).status).toBe(409);
    // The preview engine, the only model here, cannot pose: refused as documented, nothing made or paid.
    const views = await callWithKey<{ error: { message: string } }>("POST", "/api/objects/:id/views", {
      params: { id: state.objectId },
      json: { views: ["front view", "side view"] },
    });
    expect(views.status).toBe(409);
    expect(views.body.error.message).toContain("cannot draw other views");

    // The preview engine paints transparent images already: the answer says so, as documented.
    const removal = await callWithKey("POST", "/api/objects/:id/remove-background", {
      params: { id: state.objectId },
      json: { imageId: state.imageId },
    });
    expect([201, 409]).toContain(removal.status);
    // A larger copy, then the same one again.
    const upscaled = await callWithKey<{ image: { id: string; width: number } }>("POST", "/api/objects/:id/upscale", {
      params: { id: state.objectId },
      json: { imageId: state.imageId, factor: 2 },
    });
    expect(upscaled.status).toBe(201);
    const again = await callWithKey<{ image: { id: string } }>("POST", "/api/objects/:id/upscale", {
      params: { id: state.objectId },
      json: { imageId: state.imageId, factor: 2 },
    });
    expect([again.status, again.body.image.id]).toEqual([200, upscaled.body.image.id]);
    // The preview engine is the only model here, and it cannot edit: said, as documented.
    const edit = await callWithKey<{ error: { message: string } }>("POST", "/api/objects/:id/edit", {
      params: { id: state.objectId },
      json: { imageId: state.imageId, instruction: "wearing a red scarf" },
    });
    expect([edit.status, edit.body.error.message]).toEqual([409, expect.stringContaining("cannot edit images")]);
    // The key reads itself: its cap and what it spent.
    const current = await callWithKey<{ key: { id: string; spentThisMonth: number } }>("GET", "/api/keys/current", {});
    expect(current.status).toBe(200);
    expect(current.body.key.spentThisMonth).toBeGreaterThanOrEqual(0);
    // Nor has it an AI upscaler: the answer points to the basic upscale.
    const ai = await callWithKey<{ error: { message: string } }>("POST", "/api/objects/:id/ai-upscale", {
      params: { id: state.objectId },
      json: { imageId: state.imageId, factor: 2 },
    });
    expect([ai.status, ai.body.error.message]).toEqual([409, expect.stringContaining("has no AI upscaler")]);
  });

  worksOnAnObjectsImage(walk);

  it("with the key: serves the images, sizes of them, SVGs and a ZIP of the set", async () => {
    const original = await callWithKey("GET", "/api/images/:id", { params: { id: state.imageId } });
    expect(original.response.headers.get("content-type")).toBe("image/png");
    const etag = original.response.headers.get("etag")!;
    const unchanged = await callWithKey("GET", "/api/images/:id", {
      params: { id: state.imageId },
      headers: { "If-None-Match": etag },
    });
    expect(unchanged.status).toBe(304);

    const smaller = await callWithKey("GET", "/api/image", {
      query: `url=${encodeURIComponent(state.imageUrl)}&w=${IMAGE_WIDTHS[0]}`,
    });
    expect(smaller.status).toBe(200);
    expect((await sharp(Buffer.from(await smaller.response.arrayBuffer())).metadata()).format).toBe("webp");
    const bad = await callWithKey("GET", "/api/image", {
      query: `url=https://elsewhere.test/x.png&w=${IMAGE_WIDTHS[0]}`,
    });
    expect(bad.status).toBe(400);

    const svg = await callWithKey("GET", "/api/images/:id/svg", { params: { id: state.imageId } });
    expect(svg.status).toBe(200);
    expect(await svg.response.text()).toContain("<svg");

    const zip = await callWithKey("GET", "/api/objects/export.zip", { query: `setId=${state.setId}&images=all` });
    expect(zip.status).toBe(200);
    expect(
      Buffer.from(await zip.response.arrayBuffer())
        .subarray(0, 2)
        .toString(),
    ).toBe("PK");

    // A sprite sheet of the set: a packed PNG and its atlas, every frame inside the sheet.
    const sheet = await callWithKey("GET", "/api/objects/sprite-sheet.zip", {
      query: `setId=${state.setId}&frameSize=128&padding=2`,
    });
    expect(sheet.status).toBe(200);
    const entries = await readZip(Buffer.from(await sheet.response.arrayBuffer()));
    const atlas = JSON.parse(entries.find((e) => e.name === "sprites.json")!.data.toString()) as {
      frames: Record<string, { frame: { x: number; y: number; w: number; h: number } }>;
      meta: { size: { w: number; h: number } };
    };
    const png = await sharp(entries.find((e) => e.name === "sprites.png")!.data).metadata();
    expect([png.width, png.height]).toEqual([atlas.meta.size.w, atlas.meta.size.h]);
    expect(Object.keys(atlas.frames).length).toBeGreaterThan(0);
    for (const { frame } of Object.values(atlas.frames)) {
      expect(frame.x + frame.w).toBeLessThanOrEqual(png.width);
      expect(frame.y + frame.h).toBeLessThanOrEqual(png.height);
    }
    const tooBig = await callWithKey("GET", "/api/objects/sprite-sheet.zip", {
      query: `setId=${state.setId}&frameSize=100`,
    });
    expect(tooBig.status).toBe(400);

    // Which of the set's objects an SVG sprite holds, said before it is traced.
    const plan = await callWithKey("GET", "/api/objects/svg-sprite.json", { query: `setId=${state.setId}` });
    expect(plan.status).toBe(200);
    expect((plan.body as { leftOut: unknown[] }).leftOut).toEqual([]);
    // An SVG sprite of the set's flat icons: one symbol per object.
    const sprite = await callWithKey("GET", "/api/objects/svg-sprite.svg", { query: `setId=${state.setId}` });
    expect(sprite.status).toBe(200);
    expect(await sprite.response.text()).toMatch(/^<svg [^>]*style="display:none"><symbol id="[a-z0-9-]+" viewBox=/);

    // App icons from the object's cover.
    const icons = await callWithKey("GET", "/api/objects/:id/app-icons.zip", { params: { id: state.objectId } });
    expect(icons.status).toBe(200);
    const iconNames = (await readZip(Buffer.from(await icons.response.arrayBuffer()))).map((e) => e.name);
    expect(iconNames).toEqual(
      expect.arrayContaining(["favicon.ico", "png/icon-1024.png", "ios/AppIcon.appiconset/Contents.json"]),
    );
  });

  it("streams live events whose data match the documented shapes", async () => {
    const { response } = await call("GET", "/api/events");
    const stream = readStream(response);
    const first = await stream.waitFor((event) => event.event === "credits");
    doc.checkComponent("CreditsEvent", JSON.parse(first.data!));
    const submitted = await call<{ job: JobView }>("POST", "/api/objects", {
      json: { styleId: state.styleId, subjects: ["Shield"], size: "square", detail: "draft", transparent: true },
    });
    await ran(submitted.body.job.id);
    const names = { job: "JobEvent", "job-progress": "JobProgressEvent", credits: "CreditsEvent" } as const;
    await stream.waitFor((event) => event.event === "job" && JSON.parse(event.data!).status === "succeeded");
    for (const event of stream.events)
      doc.checkComponent(names[event.event as keyof typeof names], JSON.parse(event.data!));
    expect(stream.events.some((event) => event.event === "job-progress")).toBe(true);
    await stream.cancel();
  });

  it("answers the account, history, operator and page-view calls", async () => {
    expect((await call("POST", "/api/users/new")).status).toBe(200);
    const me = await call<{ user: { uid: string; credits: number } }>("GET", "/api/users/me");
    const history = await call<{ entries: { balanceAfter: number }[] }>("GET", "/api/users/me/credits");
    expect(history.body.entries[0]!.balanceAfter).toBe(me.body.user.credits);
    expect((await call("GET", "/api/users/me/credits", { query: "before=nope" })).status).toBe(400);

    expect((await call("GET", "/api/setup")).status).toBe(200);
    expect((await call("POST", "/api/setup/test-connection", { json: {} })).status).toBe(200);
    expect((await call("POST", "/api/setup/test-email", { json: {} })).status).toBe(200);
    const granted = await call<{ message: string }>("POST", "/api/setup/grant-credits", {
      json: { email: "openapi@example.com", credits: 5 },
    });
    expect(granted.body.message).toMatch(/^Granted 5 credits to openapi@example\.com: balance \d+\.$/);
    const nobody = { json: { email: "nobody@example.com", credits: 5 } };
    expect((await call("POST", "/api/setup/grant-credits", nobody)).status).toBe(400);
    expect((await call("POST", "/api/credits/request", { json: { note: "For the docs" } })).status).toBe(200);
    expect((await call("POST", "/api/credits/request", { json: {} })).status).toBe(429);
    expect((await call("POST", "/api/analytics/pageview", { json: { path: "/app" } })).status).toBe(204);
    // The operator's command, as it reaches a server holding the embedded database.
    const folder = mkdtempSync(path.join(tmpdir(), "motif-control-"));
    try {
      const secret = announceControl(folder, api.server.url);
      const grant = (args: string[], key?: string) => call("POST", "/api/operator/credits", { key, json: { args } });
      expect((await grant(["grant", "openapi@example.com", "5"], secret)).status).toBe(200);
      expect((await grant(["grant", "nobody@example.com", "5"], secret)).status).toBe(400);
      expect((await grant(["grant", "openapi@example.com", "5"], "not-the-secret")).status).toBe(404);
    } finally {
      withdrawControl();
      rmSync(folder, { recursive: true, force: true });
    }
  });

  // The walk's user runs the instance (the oldest account): the console, before the account goes.
  runsTheOperatorConsole(walk);
  runsATeam(walk);

  it("deletes an object and a style, revokes the key, and deletes the account", async () => {
    expect((await call("DELETE", "/api/objects/:id", { params: { id: state.objectId } })).status).toBe(200);
    expect((await call("GET", "/api/objects/:id", { params: { id: state.objectId } })).status).toBe(404);
    expect((await call("DELETE", "/api/styles/:id", { params: { id: state.styleId } })).status).toBe(200);
    const unhooked = await call("PATCH", "/api/keys/:id", { params: { id: state.key.id }, json: { webhookUrl: null } });
    expect(unhooked.body).toMatchObject({ key: { id: state.key.id, webhookUrl: null }, webhookSecret: null });
    expect((await call("DELETE", "/api/keys/:id", { params: { id: state.key.id } })).status).toBe(204);
    expect((await call("GET", "/api/styles", { key: state.key.secret })).status).toBe(401);
    expect((await call("DELETE", "/api/users/user")).body).toEqual({ success: true });
  });

  // Credit packs sold through Stripe: a step of its own module, registered here in its place.
  sellsCreditPacksThroughStripe(walk);

  it("has exercised every documented operation", () => {
    expect(doc.notExercised()).toEqual([]);
  });
});
