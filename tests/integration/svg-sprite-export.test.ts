import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { SvgSpritePlan } from "#domain/exports";
import { styles } from "#server/db/schema";
import { assertSafeSvg } from "#server/generation/pipeline/sanitize-svg.server";
import { nearestPaletteColour } from "#server/generation/pipeline/vectorize-colours";
import { testDatabases } from "../support/databases";
import { createStyleThroughApi, json, runJob, submitObjects } from "../support/factories";
import { setUpSignedInApi } from "../support/signed-in-api";

describe.each(testDatabases)("exporting an SVG sprite on $name", (target) => {
  const api = setUpSignedInApi(target, "ann@example.com");
  const call = (url: string) => api.server.call(url, { cookie: api.user.cookie });

  /** Objects made in a new style (standard detail: the preview engine draws a ground shadow). */
  async function objectsIn(description: string, subjects: string[]) {
    const { styleId } = await createStyleThroughApi(api.server, api.user.cookie, { description });
    const set = await submitObjects(api.server, api.user.cookie, { styleId, subjects, detail: "standard" });
    expect((await runJob(api.server, set.job.id))?.status).toBe("succeeded");
    const [style] = await api.database.db.select().from(styles).where(eq(styles.id, styleId));
    return { styleId, palette: style!.palette, objects: set.objects };
  }

  it("says which objects it leaves out and why before anything is traced, and never answers a painterly-only selection with a file", async () => {
    const flat = await objectsIn("Flat vector icons, warm amber and teal", ["Potion", "Sword"]);
    const painted = await objectsIn("Oil painting with thick brushstrokes", ["Castle"]);
    const ids = [...flat.objects, ...painted.objects].map((o) => o.id).join(",");

    const plan = await json<SvgSpritePlan>(await call(`/api/objects/svg-sprite.json?ids=${ids}`));
    expect(plan.traced.map((o) => o.name).sort()).toEqual(["Potion", "Sword"]);
    expect(plan.leftOut).toEqual([
      { id: painted.objects[0]!.id, name: "Castle", reason: expect.stringMatching(/is not flat/) as string },
    ]);

    const onlyPainted = await call(`/api/objects/svg-sprite.svg?ids=${painted.objects[0]!.id}`);
    expect(onlyPainted.status).toBe(400);
    expect(onlyPainted.headers.get("content-disposition")).toBeNull();

    const response = await call(`/api/objects/svg-sprite.svg?ids=${ids}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("x-symbol-count")).toBe("2");
    expect(response.headers.get("content-disposition")).toBe('attachment; filename="motif-3-objects-sprite.svg"');
    const sprite = await response.text();
    expect([...sprite.matchAll(/<symbol id="([^"]+)"/g)].map((m) => m[1]).sort()).toEqual(["potion", "sword"]);
    // The subject only: no shadow layer drawn at an opacity, and every colour the style's own or white.
    expect(sprite).not.toMatch(/opacity=/);
    // No drift: a fill near a palette colour is that colour (others, such as white, stay as drawn).
    const fills = new Set([...sprite.matchAll(/fill="(#[0-9a-f]{3,6})"/g)].map((m) => m[1]!));
    const expand = (c: string) => (c.length === 4 ? `#${[...c.slice(1)].map((d) => d + d).join("")}` : c);
    for (const fill of [...fills].map(expand)) expect(nearestPaletteColour(fill, flat.palette)).toBe(fill);
    expect(() => assertSafeSvg(sprite)).not.toThrow();
  });

  it("keeps each traced SVG beside its image, so a second export reuses it, and traces the single colour apart", async () => {
    const { objects } = await objectsIn("Monoline line art icons", ["Key", "Shield", "Lamp"]);
    const ids = objects.map((o) => o.id).join(",");
    const first = Date.now();
    const sprite = await (await call(`/api/objects/svg-sprite.svg?ids=${ids}`)).text();
    const firstMs = Date.now() - first;
    expect(sprite.match(/<symbol /g)).toHaveLength(3);
    const keptSvgs = () =>
      api.files
        .filesUnder("")
        .filter((file) => /\.[0-9a-f]{16}\.svg$/.test(file) && objects.some((o) => file.includes(o.id)));
    const kept = keptSvgs();
    expect(kept).toHaveLength(3);

    // Whatever is kept is what the next export sends: nothing is traced again.
    const { writeFileSync } = await import("node:fs");
    writeFileSync(kept[0]!, '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"><path d="M0 0h1v1z"/></svg>');
    const second = Date.now();
    const again = await (await call(`/api/objects/svg-sprite.svg?ids=${ids}`)).text();
    const secondMs = Date.now() - second;
    expect(again).toContain('viewBox="0 0 1 1"><path d="M0 0h1v1z"/></symbol>');
    expect(secondMs).toBeLessThan(Math.max(firstMs, 200));

    const single = await call(`/api/objects/svg-sprite.svg?ids=${ids}&singleColour=true`);
    expect(single.headers.get("content-disposition")).toMatch(/-single-colour-sprite\.svg"$/);
    const mono = await single.text();
    expect(new Set([...mono.matchAll(/fill="([^"]+)"/g)].map((m) => m[1]))).toEqual(new Set(["currentColor"]));
    expect(keptSvgs()).toHaveLength(6);
  });
});
