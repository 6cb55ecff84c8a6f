import { describe, expect, it } from "vitest";
import { createApiKeySchema } from "./api-keys";
import { generateObjectsSchema, parseSubjectLines, updateObjectSchema } from "./objects";
import { createStyleSchema } from "./styles";
import { CONTROL_CHARACTER_MESSAGE, hasControlCharacters, visibleTrim } from "./text";
import { text } from "./requests/building-blocks";

describe("text fields", () => {
  it("refuse NUL and other invisible control characters, and keep tabs and line breaks", () => {
    for (const bad of ["a\u0000b", "\u0000", "a\u0001", "a\u001b[31m", "a\u007f"])
      expect(hasControlCharacters(bad)).toBe(true);
    for (const good of ["a\tb", "a\nb\r\n", "café ☕", "\u00a0"]) expect(hasControlCharacters(good)).toBe(false);
    expect(text().safeParse("ok").success).toBe(true);
    expect(
      text()
        .safeParse("no\u0000")
        .error?.issues.map((i) => i.message),
    ).toEqual([CONTROL_CHARACTER_MESSAGE]);
  });

  it("give the field's message in the request schemas the forms also check", () => {
    const style = createStyleSchema.safeParse({ name: "Flat\u0000", description: "Flat vector icons" });
    expect(style.error?.issues.map((i) => [i.path.join("."), i.message])).toEqual([
      ["name", CONTROL_CHARACTER_MESSAGE],
    ]);
    const objects = generateObjectsSchema.safeParse({
      styleId: "s1",
      subjects: ["Lamp", "K\u0000ey"],
      size: "square",
      detail: "draft",
      transparent: true,
    });
    expect(objects.error?.issues.map((i) => [i.path.join("."), i.message])).toEqual([
      ["subjects.1", CONTROL_CHARACTER_MESSAGE],
    ]);
  });
});

describe("names", () => {
  it("made only of invisible characters are refused like empty ones, with the field's own message", () => {
    for (const invisible of ["\u200b", "\u200b\u200d\u2060", "\ufeff \u00a0", "\u202e\u200e"]) {
      expect(
        updateObjectSchema.safeParse({ name: invisible }).error?.issues[0]?.message,
        JSON.stringify(invisible),
      ).toBe("Give the object a name.");
      expect(
        createStyleSchema.safeParse({ name: invisible, description: "Flat vector icons" }).error?.issues[0]?.message,
      ).toBe("Give the style a name.");
      expect(createApiKeySchema.safeParse({ name: invisible }).error?.issues[0]?.message).toBe("Give the key a name.");
      expect(parseSubjectLines(`${invisible}\nFox`)).toEqual(["Fox"]);
    }
  });

  it("are normalised and trimmed of invisible edges, keeping what shows (an emoji's joiners too)", () => {
    expect(visibleTrim("\u200b Fox\u200b ")).toBe("Fox");
    expect(visibleTrim("Cafe\u0301")).toBe("Café");
    expect(visibleTrim("👩‍🚀 pilot")).toBe("👩‍🚀 pilot");
    expect(updateObjectSchema.parse({ name: "\ufeffRobot\u200d" }).name).toBe("Robot");
  });
});
