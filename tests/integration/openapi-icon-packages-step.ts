// The OpenAPI walk's icon package step: the walk's set of flat icons downloaded with the API key
// as a React package (an npm tarball) and as Iconify JSON, and a name npm would refuse refused.
import { expect, it } from "vitest";
import { readZip } from "../support/factories";
import { readTarball } from "../support/tarball";
import type { OpenApiWalk } from "./openapi-helpers";

export function packagesTheSetsIcons({ callWithKey, state }: OpenApiWalk) {
  it("with the key: downloads the set as a React package and as Iconify JSON, and refuses a bad name", async () => {
    const react = await callWithKey("GET", "/api/objects/icon-package", {
      query: `setId=${state.setId}&format=react&name=@walk/icons&version=0.1.0`,
    });
    expect(react.status).toBe(200);
    const packed = readTarball(Buffer.from(await react.response.arrayBuffer()));
    expect(packed.has("package/index.d.ts")).toBe(true);

    const iconify = await callWithKey("GET", "/api/objects/icon-package", {
      query: `setId=${state.setId}&format=iconify&name=walk-icons&prefix=walk`,
    });
    expect(iconify.status).toBe(200);
    const files = await readZip(Buffer.from(await iconify.response.arrayBuffer()));
    expect(files.map((file) => file.name)).toContain("walk.json");

    const refused = await callWithKey("GET", "/api/objects/icon-package", {
      query: `setId=${state.setId}&format=react&name=Walk Icons`,
    });
    expect(refused.status).toBe(400);
  });
}
