import { describe, expect, it } from "vitest";
import { downloadName } from "./download-name";

describe("downloadName", () => {
  it("makes a safe file name from the style and subject", () => {
    expect(downloadName("png", "Warm flat icons", "a cosy house")).toBe("warm-flat-icons-a-cosy-house.png");
    expect(downloadName("webp", "Café / Ünïcode?", "x")).toBe("cafe-unicode-x.webp");
    expect(downloadName("png", "../../etc", "")).toBe("etc.png");
    expect(downloadName("png", "!!!")).toBe("image.png");
  });
});
