// Icon packages from a set: the SVGs on the grid in currentColor, a React package installed into a
// temporary project, type-checked and rendered, Iconify JSON, names made safe and distinct, and the
// errors a bad request gets.
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { createElement, type ComponentType } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import ts from "typescript";
import { afterAll, describe, expect, it } from "vitest";
import type { IconifyJSON } from "@iconify/types";
import { getIconData, iconToSVG, validateIconSet } from "@iconify/utils";
import * as fontkit from "fontkit";
import { compile as compileSvelte } from "svelte/compiler";
import { createSSRApp, h } from "vue";
import { renderToString as renderVue } from "@vue/server-renderer";
import { assertSafeSvg } from "#server/generation/pipeline/sanitize-svg.server";
import { testDatabases } from "../support/databases";
import { createStyleThroughApi, json, readZip, runJob, submitObjects } from "../support/factories";
import { setUpSignedInApi } from "../support/signed-in-api";
import { readTarball } from "../support/tarball";
import { call as callTool, callError, closeClientsAfterEach, connect, createKey } from "./mcp-helpers";

/** Temporary projects live inside the repository, so the packages' peer dependencies resolve from its own. */
const scratch = join(process.cwd(), "node_modules", ".cache", "icon-package-tests");
mkdirSync(scratch, { recursive: true });

closeClientsAfterEach();

describe.each(testDatabases)("icon packages on $name", (target) => {
  const api = setUpSignedInApi(target, "iris@example.com");
  const call = (url: string) => api.server.call(url, { cookie: api.user.cookie });
  const projects: string[] = [];
  afterAll(() => projects.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

  async function lineSet(subjects: string[]) {
    const { styleId } = await createStyleThroughApi(api.server, api.user.cookie, {
      description: "Line art icons, monoline, rounded",
    });
    const set = await submitObjects(api.server, api.user.cookie, { styleId, subjects });
    expect((await runJob(api.server, set.job.id))?.status).toBe("succeeded");
    return set;
  }
  const download = async (query: string) => {
    const response = await call(`/api/objects/icon-package?${query}`);
    return { response, data: Buffer.from(await response.arrayBuffer()) };
  };

  it("ships a set as SVGs on the grid in currentColor, named safely and distinctly, with a sprite", async () => {
    const set = await lineSet(["Shopping cart", "Wallet", "wallet", "../etc/passwd"]);
    const { response, data } = await download(`setId=${set.job.id}&format=svg&name=finance-icons&grid=20`);
    expect(response.status).toBe(200);
    expect(response.headers.get("x-icon-count")).toBe("4");
    expect(response.headers.get("content-disposition")).toBe('attachment; filename="finance-icons-1.0.0-svg.zip"');
    const files = new Map((await readZip(data)).map((entry) => [entry.name, entry.data.toString()]));
    const names = [...files.keys()].filter((name) => /^svg\/[^/]+\.svg$/.test(name)).sort();
    expect(names).toEqual(["svg/etc-passwd.svg", "svg/shopping-cart.svg", "svg/wallet-2.svg", "svg/wallet.svg"]);
    for (const name of names) {
      const svg = files.get(name)!;
      expect(svg).toMatch(/^<svg[^>]*viewBox="0 0 20 20"/);
      assertSafeSvg(svg);
      // One colour: nothing but currentColor and none paints.
      const paints = [...svg.matchAll(/(?:fill|stroke)="([^"]*)"/g)].map((m) => m[1]);
      expect(new Set(paints)).toEqual(new Set(["currentColor", ...(paints.includes("none") ? ["none"] : [])]));
      expect(files.get(name.replace("svg/", "svg/colour/"))).toMatch(/viewBox="0 0 20 20"/);
    }
    // A line set is strokes again, at one width across the set, round at the ends and corners.
    const widths = names.flatMap((name) => [...files.get(name)!.matchAll(/stroke-width="([\d.]+)"/g)].map((m) => m[1]));
    expect(widths.length).toBeGreaterThan(0);
    expect(new Set(widths).size).toBe(1);
    expect(names.filter((name) => files.get(name)!.includes('stroke-linecap="round"')).length).toBeGreaterThan(0);
    expect(files.get("sprite.svg")).toMatch(/<symbol id="shopping-cart"[^>]* viewBox="0 0 20 20"/);
    expect(files.get("README.md")).toContain("`shopping-cart` (`ShoppingCartIcon`)");
    expect(files.get("LICENSE")).toMatch(/All rights reserved/);
  });

  it("builds a React package that installs, type-checks and renders each icon's markup", async () => {
    const set = await lineSet(["Cart", "Piggy bank"]);
    const query = `setId=${set.job.id}&name=@studio/finance-icons&version=2.1.0&license=MIT`;
    const { response, data } = await download(`${query}&format=react`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/gzip");
    const packed = readTarball(data);
    expect(JSON.parse(packed.get("package/package.json")!.toString())).toMatchObject({
      name: "@studio/finance-icons",
      version: "2.1.0",
      license: "MIT",
      sideEffects: false,
      peerDependencies: { react: ">=17" },
    });

    const project = mkdtempSync(join(scratch, "react-"));
    projects.push(project);
    writeFileSync(join(project, "package.json"), JSON.stringify({ name: "try-icons", private: true, type: "module" }));
    writeFileSync(join(project, "icons.tgz"), data);
    execFileSync("npm", ["install", "--offline", "--no-audit", "--no-fund", "--legacy-peer-deps", "./icons.tgz"], {
      cwd: project,
      stdio: "pipe",
    });
    writeFileSync(
      join(project, "use.tsx"),
      'import { CartIcon, PiggyBankIcon } from "@studio/finance-icons";\nexport const both = [<CartIcon size={32} title="Cart" />, <PiggyBankIcon color="#0f766e" strokeWidth={1.5} />];\n// @ts-expect-error: no such prop\nexport const wrong = <CartIcon sizes={3} />;\n',
    );
    const program = ts.createProgram([join(project, "use.tsx")], {
      jsx: ts.JsxEmit.ReactJSX,
      module: ts.ModuleKind.ESNext,
      moduleResolution: ts.ModuleResolutionKind.Bundler,
      strict: true,
      noEmit: true,
      skipLibCheck: false,
      types: [],
    });
    const problems = ts.getPreEmitDiagnostics(program).map((d) => ts.flattenDiagnosticMessageText(d.messageText, "\n"));
    expect(problems).toEqual([]);

    const icons = (await import(
      pathToFileURL(join(project, "node_modules/@studio/finance-icons/index.js")).href
    )) as Record<string, ComponentType<Record<string, unknown>>>;
    const svgs = new Map(
      (await readZip((await download(`${query}&format=svg`)).data)).map((entry) => [entry.name, entry.data.toString()]),
    );
    const innerOf = (svg: string) => svg.slice(svg.indexOf(">") + 1, svg.lastIndexOf("</svg>"));
    const cart = renderToStaticMarkup(createElement(icons.CartIcon!, { size: 32, title: "Cart" }));
    expect(cart).toMatch(/^<svg [^>]*width="32" height="32" viewBox="0 0 24 24"[^>]*role="img" aria-label="Cart"/);
    expect(cart).toContain(`<title>Cart</title>${innerOf(svgs.get("svg/cart.svg")!)}</svg>`);
    const bank = renderToStaticMarkup(createElement(icons.PiggyBankIcon!, { color: "#0f766e" }));
    expect(bank).toMatch(/color="#0f766e"/);
    expect(bank).toMatch(/aria-hidden="true"/);
    expect(bank).toContain(innerOf(svgs.get("svg/piggy-bank.svg")!));
  });

  it("builds an Iconify JSON icon set with its prefix, sizes and licence", async () => {
    const set = await lineSet(["Coin", "Safe"]);
    const { response, data } = await download(
      `setId=${set.job.id}&format=iconify&name=finance-icons&prefix=fin&grid=32`,
    );
    expect(response.status).toBe(200);
    const files = new Map((await readZip(data)).map((entry) => [entry.name, entry.data.toString()]));
    const iconify = JSON.parse(files.get("fin.json")!) as IconifyJSON;
    expect(iconify).toMatchObject({
      prefix: "fin",
      width: 32,
      height: 32,
      info: { total: 2, license: { title: "All rights reserved" } },
    });
    expect(Object.keys(iconify.icons).sort()).toEqual(["coin", "safe"]);
    for (const icon of Object.values(iconify.icons)) {
      expect(icon.body).not.toMatch(/<svg/);
      assertSafeSvg(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">${icon.body}</svg>`);
    }
    // Iconify's own tools take it: it validates, and each icon renders on the set's grid.
    expect(() => validateIconSet(iconify)).not.toThrow();
    const coin = iconToSVG(getIconData(iconify, "coin")!);
    expect(coin.attributes.viewBox).toBe("0 0 32 32");
    expect(coin.body).toContain("currentColor");
  });

  it("builds Vue and Svelte packages their own compilers take, each icon's markup in the component", async () => {
    const set = await lineSet(["Receipt", "Card"]);
    const query = `setId=${set.job.id}&name=finance-icons`;
    const vue = readTarball((await download(`${query}&format=vue`)).data);
    const project = mkdtempSync(join(scratch, "vue-"));
    projects.push(project);
    for (const [path, content] of vue) {
      mkdirSync(join(project, path, ".."), { recursive: true });
      writeFileSync(join(project, path), content);
    }
    const vueIcons = (await import(pathToFileURL(join(project, "package/index.js")).href)) as Record<string, object>;
    const markup = await renderVue(
      createSSRApp({ render: () => h(vueIcons.ReceiptIcon!, { size: 40, title: "Receipt" }) }),
    );
    expect(markup).toMatch(/^<svg [^>]*width="40" height="40" viewBox="0 0 24 24"[^>]*aria-label="Receipt"/);
    expect(markup).toContain("<title>Receipt</title>");

    const svelte = readTarball((await download(`${query}&format=svelte`)).data);
    const components = [...svelte.keys()].filter((path) => path.endsWith(".svelte"));
    expect(components.sort()).toEqual(["package/icons/CardIcon.svelte", "package/icons/ReceiptIcon.svelte"]);
    for (const path of components) {
      const compiled = compileSvelte(svelte.get(path)!.toString(), { generate: "server", filename: path });
      expect(compiled.js.code).toContain("viewBox");
    }
  });

  it("builds an icon font whose glyphs sit at the code points its stylesheet names", async () => {
    const set = await lineSet(["Bell", "Chart"]);
    const { response, data } = await download(`setId=${set.job.id}&format=font&name=finance-icons&prefix=fin`);
    expect(response.status).toBe(200);
    const files = new Map((await readZip(data)).map((entry) => [entry.name, entry.data]));
    expect([...files.keys()]).toEqual(
      expect.arrayContaining([
        "fonts/fin.woff2",
        "fonts/fin.woff",
        "fonts/fin.ttf",
        "fin.css",
        "cheat-sheet.html",
        "README.md",
      ]),
    );
    const css = files.get("fin.css")!.toString();
    const font = fontkit.create(files.get("fonts/fin.ttf")!) as fontkit.Font;
    for (const name of ["bell", "chart"]) {
      const code = new RegExp(`\\.fin-${name}::before\\s*\\{\\s*content:\\s*"\\\\([0-9a-f]+)"`).exec(css)?.[1];
      expect(code, name).toBeDefined();
      const glyph = font.glyphForCodePoint(parseInt(code!, 16));
      expect(glyph.id).toBeGreaterThan(0);
      expect(glyph.path.commands.length).toBeGreaterThan(0);
    }
  });

  it("builds a package for an agent over MCP: the file itself, its icons and a link to download it again", async () => {
    const set = await lineSet(["Tag", "Gift"]);
    const { secret } = await createKey(api.server, api.user.cookie);
    const client = await connect(api.server, secret);
    const result = await callTool(client, "build_icon_package", {
      format: "react",
      name: "agent-icons",
      setId: set.job.id,
    });
    expect(result.isError).toBeFalsy();
    const summary = result.structuredContent as { fileName: string; icons: { component: string }[]; url: string };
    expect(summary.fileName).toBe("agent-icons-1.0.0.tgz");
    expect(summary.icons.map((icon) => icon.component)).toEqual(["TagIcon", "GiftIcon"]);
    const resource = result.content.find((item) => item.type === "resource");
    const blob = (resource as { resource: { blob: string; mimeType: string } }).resource;
    expect(blob.mimeType).toBe("application/gzip");
    expect(readTarball(Buffer.from(blob.blob, "base64")).has("package/icons/gift.js")).toBe(true);
    const again = await api.server.call(summary.url.replace(/^https?:\/\/[^/]+/, ""), {
      headers: { Authorization: `Bearer ${secret}` },
    });
    expect(again.status).toBe(200);
    expect(
      await callError(client, "build_icon_package", { format: "react", name: "Agent Icons", setId: set.job.id }),
    ).toMatch(/lower-case/);
  });

  it("refuses what npm or Iconify would refuse, naming the field, and a set with no icon at all", async () => {
    const set = await lineSet(["Key"]);
    const bad = async (query: string) => {
      const response = await call(`/api/objects/icon-package?setId=${set.job.id}&${query}`);
      expect(response.status).toBe(400);
      const { error } = await json<{ error: { fields?: { path: string }[] } }>(response);
      return (error.fields ?? []).map((field) => field.path);
    };
    expect(await bad("format=react&name=Finance Icons")).toEqual(["name"]);
    expect(await bad("format=react&name=_icons")).toEqual(["name"]);
    expect(await bad("format=react&name=icons&version=1.0")).toEqual(["version"]);
    expect(await bad("format=iconify&name=icons&prefix=Fin_Icons")).toEqual(["prefix"]);
    expect(await bad("format=svg&name=icons&grid=18")).toEqual(["grid"]);
    expect(await bad("format=zip&name=icons")).toEqual(["format"]);

    const { styleId } = await createStyleThroughApi(api.server, api.user.cookie, {
      description: "Oil painting, thick brushstrokes",
    });
    const painted = await submitObjects(api.server, api.user.cookie, { styleId, subjects: ["Castle"] });
    await runJob(api.server, painted.job.id);
    const none = await call(`/api/objects/icon-package?setId=${painted.job.id}&format=svg&name=icons`);
    expect(none.status).toBe(409);
  });
});
