import { describe, expect, it } from "vitest";
import { referenceFileProblem, sniffImageType } from "~/lib/ui/image-sniff";

const bytes = (...values: (number | string)[]) =>
  new Uint8Array(values.flatMap((v) => (typeof v === "string" ? [...v].map((c) => c.charCodeAt(0)) : [v])));

describe("sniffImageType", () => {
  it("knows PNG, JPEG and WebP by their first bytes", () => {
    expect(sniffImageType(bytes(0x89, "PNG", 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0))).toBe("png");
    expect(sniffImageType(bytes(0xff, 0xd8, 0xff, 0xe0))).toBe("jpeg");
    expect(sniffImageType(bytes("RIFF", 1, 2, 3, 4, "WEBP"))).toBe("webp");
  });
  it("refuses anything else, including look-alikes", () => {
    expect(sniffImageType(bytes("%PDF-1.7"))).toBeNull();
    expect(sniffImageType(bytes("RIFF", 1, 2, 3, 4, "WAVE"))).toBeNull();
    expect(sniffImageType(bytes("GIF89a"))).toBeNull();
    expect(sniffImageType(new Uint8Array())).toBeNull();
  });
});

describe("referenceFileProblem", () => {
  const png = bytes(0x89, "PNG", 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0);
  it("accepts a real image within the limit", async () => {
    expect(await referenceFileProblem(new File([png], "a.png", { type: "image/png" }), 1000)).toBeNull();
  });
  it("says why a file is refused", async () => {
    expect(await referenceFileProblem(new File([bytes("%PDF")], "doc.pdf", { type: "application/pdf" }), 1000)).toBe(
      "doc.pdf is not an image (it is application/pdf). Use PNG, JPEG or WebP.",
    );
    expect(await referenceFileProblem(new File([bytes("hello")], "fake.png", { type: "image/png" }), 1000)).toBe(
      "fake.png is not a PNG, JPEG or WebP image.",
    );
    expect(await referenceFileProblem(new File([png], "big.png", { type: "image/png" }), 4)).toBe(
      "big.png is larger than 0 MB.",
    );
  });
});
