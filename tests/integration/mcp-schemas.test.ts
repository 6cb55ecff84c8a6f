// What the MCP server says of its tools matches what they do, checked by the SDK's own client:
// every tool that answers structured content declares its outputSchema (the client validates
// each answer against it once it has listed the tools), the two tools that make an image once per
// source say they are idempotent and are (a repeat answers the same image, charged once), and a
// bad call's error names the argument at fault, in the form the HTTP API's `fields` use.
import { describe, expect, it } from "vitest";
import { testDatabases } from "../support/databases";
import { balanceOf, createStyleThroughApi, runJob, submitObjects } from "../support/factories";
import { setUpSignedInApi } from "../support/signed-in-api";
import { call, callError, callOk, closeClientsAfterEach, connect, createKey, type JobAnswer } from "./mcp-helpers";

closeClientsAfterEach();

// One database: the tools run the same code on both (mcp-tools.test.ts walks both).
const [target] = testDatabases;

describe(`the MCP tools' declarations on ${target!.name}`, () => {
  const api = setUpSignedInApi(target!, "ann-mcp-schemas@example.com");

  it("declare an output schema where they answer structured content, and the answers keep to it", async () => {
    const { secret } = await createKey(api.server, api.user.cookie);
    const client = await connect(api.server, secret);
    const { tools } = await client.listTools();
    const byName = new Map(tools.map((tool) => [tool.name, tool]));
    for (const tool of tools) {
      expect(tool.outputSchema, tool.name).toBeDefined();
      expect(tool.outputSchema!.type, tool.name).toBe("object");
    }
    expect(byName.get("upscale_image")!.annotations!.idempotentHint).toBe(true);
    expect(byName.get("remove_background")!.annotations!.idempotentHint).toBe(true);
    expect(byName.get("generate_objects")!.annotations!.idempotentHint).toBe(false);
    // A blank name or a description under three words' worth is refused, and the schema says so.
    const styleArgs = byName.get("create_style")!.inputSchema.properties as Record<string, { minLength?: number }>;
    expect(styleArgs.name!.minLength).toBe(1);
    expect(styleArgs.description!.minLength).toBe(3);

    // The client checks each answer against the schema it listed (it throws when one does not fit).
    const { styleId } = await createStyleThroughApi(api.server, api.user.cookie);
    const set = await submitObjects(api.server, api.user.cookie, { styleId, subjects: ["Lamp"], transparent: false });
    await runJob(api.server, set.job.id);
    const objectId = set.objects[0]!.id;
    await callOk(client, "list_styles");
    const [made] = (await callOk<JobAnswer>(client, "get_job", { jobId: set.job.id })).images;
    await callOk(client, "get_images", { jobId: set.job.id, size: 64 });
    await callOk(client, "get_images", { objectIds: [objectId], size: 64 });

    // Idempotent as declared: the same call again answers the same image and charges nothing more.
    for (const [tool, args] of [
      ["upscale_image", { objectId, imageId: made!.id, factor: 2 }],
      ["remove_background", { objectId, imageId: made!.id }],
    ] as const) {
      const first = await callOk<{ image: { id: string } }>(client, tool, args);
      const balance = await balanceOf(api.database.db, api.user.userId);
      const again = await callOk<{ image: { id: string } }>(client, tool, args);
      expect(again.image.id, tool).toBe(first.image.id);
      expect(await balanceOf(api.database.db, api.user.userId), tool).toBe(balance);
    }
  });

  it("name what is missing or wrong, as the HTTP API's fields name it", async () => {
    const { secret } = await createKey(api.server, api.user.cookie);
    const client = await connect(api.server, secret);
    expect(await callError(client, "get_images", {})).toMatch(/jobId.*objectIds|objectIds.*jobId/);
    expect(await callError(client, "get_images", { jobId: "j", objectIds: ["o"] })).toMatch(/not both/);
    // A control character is refused before the tool runs, under the argument's own name.
    const refused = await call(client, "create_style", { name: "Ink\u0000", description: "Flat vector icons" });
    expect(refused.isError).toBe(true);
    const text = refused.content.map((c) => (c.type === "text" ? c.text : "")).join("");
    expect(text).toMatch(/\(name\)$/);
    expect(text).not.toContain("params.arguments");
    // A model the instance does not offer: named like a schema's field.
    const { styleId } = await createStyleThroughApi(api.server, api.user.cookie);
    expect(await callError(client, "generate_objects", { styleId, subjects: ["Lamp"], model: "nope" })).toMatch(
      /\(model\)$/,
    );
  });
});
