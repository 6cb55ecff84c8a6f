import { describe, expect, it } from "vitest";
import { withBufferedBody } from "./buffered-fetch.server";

describe("withBufferedBody", () => {
  it("turns a multipart form into bytes with its boundary, which parse back into the same fields", async () => {
    const form = new FormData();
    form.set("prompt", "a lantern");
    form.append("image[]", new Blob([new Uint8Array([1, 2, 3])], { type: "image/png" }), "a.png");
    form.append("image[]", new Blob([new Uint8Array([4, 5])], { type: "image/webp" }), "b.webp");
    const init = await withBufferedBody({ method: "POST", body: form, headers: { Authorization: "Bearer k" } });

    expect(init!.body).toBeInstanceOf(Uint8Array);
    const headers = new Headers(init!.headers);
    expect(headers.get("content-type")).toMatch(/^multipart\/form-data; boundary=/);
    expect(headers.get("authorization")).toBe("Bearer k");
    const parsed = await new Request("http://x.test", { method: "POST", body: init!.body, headers }).formData();
    expect(parsed.get("prompt")).toBe("a lantern");
    const images = parsed.getAll("image[]") as File[];
    expect(images.map((file) => [file.name, file.type, file.size])).toEqual([
      ["a.png", "image/png", 3],
      ["b.webp", "image/webp", 2],
    ]);
  });

  it("keeps a Blob's bytes and the caller's own content type", async () => {
    const blob = new Blob([new Uint8Array([9, 8, 7])], { type: "image/png" });
    const init = await withBufferedBody({ method: "PUT", body: blob, headers: { "Content-Type": "image/x-own" } });
    expect([...(init!.body as Uint8Array)]).toEqual([9, 8, 7]);
    expect(new Headers(init!.headers).get("content-type")).toBe("image/x-own");
  });

  it("drops the streaming-only duplex option along with the stream", async () => {
    const stream = new Blob(["streamed"]).stream();
    const init = await withBufferedBody({ method: "POST", body: stream, duplex: "half" } as RequestInit);
    expect(new TextDecoder().decode(init!.body as Uint8Array)).toBe("streamed");
    expect(init).not.toHaveProperty("duplex");
  });

  it("leaves bodies that are already bytes or text, and requests without one, as they are", async () => {
    const text = { method: "POST", body: '{"a":1}' };
    const bytes = { method: "POST", body: new Uint8Array([1]) };
    expect(await withBufferedBody(text)).toBe(text);
    expect(await withBufferedBody(bytes)).toBe(bytes);
    expect(await withBufferedBody(undefined)).toBeUndefined();
  });
});
