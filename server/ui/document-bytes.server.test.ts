import { describe, expect, it } from "vitest";
import { DocumentBytes } from "./document-bytes.server";

describe("a document's bytes", () => {
  it("are the pieces React wrote, strings and bytes, in order and whole", () => {
    let html: Buffer | null = null;
    const bytes = new DocumentBytes(
      (written) => (html = written),
      () => expect.unreachable(),
    );
    const encoder = new TextEncoder();
    // Text beyond ASCII counts in bytes, not characters.
    expect(bytes.write("<!DOCTYPE html><p>Café · ")).toBe(true);
    bytes.write(encoder.encode("日本語 "));
    bytes.write(encoder.encode("").subarray(0, 0));
    bytes.write("🎨</p>");
    expect(bytes.on()).toBe(bytes);
    bytes.end();
    expect(html!.toString("utf8")).toBe("<!DOCTYPE html><p>Café · 日本語 🎨</p>");
    expect(html!.byteLength).toBe(Buffer.byteLength("<!DOCTYPE html><p>Café · 日本語 🎨</p>"));
    // A small document too owns its memory, not a share of Node's pool: it can move to another thread.
    expect(html!.byteOffset).toBe(0);
    expect(html!.buffer.byteLength).toBe(html!.byteLength);
  });

  it("hand on what destroyed the render as an error", () => {
    const failures: Error[] = [];
    const bytes = new DocumentBytes(
      () => expect.unreachable(),
      (error) => failures.push(error),
    );
    bytes.destroy("the shell failed");
    bytes.destroy(new TypeError("no"));
    expect(failures.map((error) => error.message)).toEqual(["the shell failed", "no"]);
    expect(failures[1]).toBeInstanceOf(TypeError);
  });
});
