import { describe, expect, it } from "vitest";
import { streamOfChunks } from "./chunk-stream.server";

describe("a stream of chunks in hand", () => {
  it("gives each chunk as it is, in order, then ends", async () => {
    const chunks = [new TextEncoder().encode("<p>Café"), new TextEncoder().encode("</p>")];
    const read: Uint8Array[] = [];
    for await (const chunk of streamOfChunks(chunks)) read.push(chunk);
    // The same buffers, not copies: a document's bytes are not copied on their way out.
    expect(read).toHaveLength(2);
    expect(read[0]).toBe(chunks[0]);
    expect(read[1]).toBe(chunks[1]);
    expect(await new Response(streamOfChunks(chunks)).text()).toBe("<p>Café</p>");
    expect(await new Response(streamOfChunks([])).text()).toBe("");
  });
});
