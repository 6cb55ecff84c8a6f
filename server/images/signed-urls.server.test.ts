import { describe, expect, it } from "vitest";
import { ImageUrlSigner, SIGNED_URL_WINDOW_MS, presentImageLink } from "./signed-urls.server";

const SECRET = Buffer.alloc(32, 7).toString("base64url");
const image = { kind: "image", id: "img_1" } as const;

/** A signer whose clock the test moves. */
function signerAt(start: number, secret = SECRET) {
  const clock = { now: start };
  return { clock, signer: new ImageUrlSigner(secret, () => clock.now) };
}

describe("signed image links", () => {
  it("accepts its own signature for the image it was made for, and no other", () => {
    const { signer } = signerAt(Date.UTC(2026, 10, 25, 9));
    const signature = signer.sign(image);
    expect(signer.verify(image, signature)).not.toBeNull();
    expect(signer.verify({ kind: "image", id: "img_2" }, signature)).toBeNull();
    expect(signer.verify({ kind: "reference", id: "img_1" }, signature)).toBeNull();
    expect(new ImageUrlSigner(Buffer.alloc(32, 8).toString("base64url")).verify(image, signature)).toBeNull();
  });

  it("refuses a changed expiry, a changed mac and malformed signatures", () => {
    const { signer } = signerAt(Date.UTC(2026, 10, 25, 9));
    const [expires, mac] = signer.sign(image).split(".") as [string, string];
    expect(signer.verify(image, `${Number(expires) + 3600}.${mac}`)).toBeNull();
    const flipped = mac.startsWith("A") ? `B${mac.slice(1)}` : `A${mac.slice(1)}`;
    expect(signer.verify(image, `${expires}.${flipped}`)).toBeNull();
    expect(signer.verify(image, `${expires}.${mac.slice(0, -2)}`)).toBeNull();
    for (const junk of ["", ".", expires, `${expires}.`, `x.${mac}`, `${expires}.${mac}.x`]) {
      expect(signer.verify(image, junk)).toBeNull();
    }
  });

  it("gives one link per window, good for one to two windows, then refuses it", () => {
    const windowStart = Math.ceil(Date.UTC(2026, 10, 25) / SIGNED_URL_WINDOW_MS) * SIGNED_URL_WINDOW_MS;
    const { clock, signer } = signerAt(windowStart + 1);
    const first = signer.sign(image);
    clock.now = windowStart + SIGNED_URL_WINDOW_MS - 1;
    expect(signer.sign(image)).toBe(first);
    expect(signer.verify(image, first)).toBe(windowStart + 2 * SIGNED_URL_WINDOW_MS);
    clock.now = windowStart + SIGNED_URL_WINDOW_MS;
    expect(signer.sign(image)).not.toBe(first);
    expect(signer.verify(image, first)).not.toBeNull();
    clock.now = windowStart + 2 * SIGNED_URL_WINDOW_MS;
    expect(signer.verify(image, first)).toBeNull();
  });

  it("presents originals at their paths beside the signature", () => {
    const { signer } = signerAt(Date.UTC(2026, 10, 25, 9));
    expect(presentImageLink(signer, image)).toEqual({ url: "/api/images/img_1", signature: signer.sign(image) });
    expect(presentImageLink(signer, { kind: "reference", id: "ref_1" }).url).toBe("/api/files/reference/ref_1");
  });
});
