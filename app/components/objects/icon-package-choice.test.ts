import { describe, expect, it } from "vitest";
import {
  commonStyleName,
  iconPackageErrors,
  iconPackageUrl,
  initialChoice,
  serverFieldErrors,
  suggestedPackageName,
  usageOf,
} from "./icon-package-choice";

describe("the icon package's choice in the download dialog", () => {
  it("names the package after the style, kebab-cased, and its prefix after the name", () => {
    expect(suggestedPackageName("Finance icons")).toBe("finance-icons");
    expect(suggestedPackageName("Café Ünïcode ✨ Set")).toBe("cafe-unicode-set");
    expect(suggestedPackageName(undefined)).toBe("icons");
    expect(suggestedPackageName("  ")).toBe("icons");
    expect(initialChoice("Finance icons")).toEqual({
      format: "react",
      name: "finance-icons",
      version: "1.0.0",
      prefix: "finance-icons",
      license: "UNLICENSED",
      grid: "24",
    });
  });

  it("builds the download route's query from the selection and the choice", () => {
    const url = iconPackageUrl("setId=set-1", { ...initialChoice("Finance icons"), name: "@studio/fin", grid: "16" });
    const query = new URL(url, "http://x").searchParams;
    expect(url.startsWith("/api/objects/icon-package?")).toBe(true);
    expect(Object.fromEntries(query)).toEqual({
      setId: "set-1",
      format: "react",
      name: "@studio/fin",
      version: "1.0.0",
      prefix: "finance-icons",
      license: "UNLICENSED",
      grid: "16",
    });
  });

  it("refuses, field by field, what the server would refuse, with its messages", () => {
    expect(iconPackageErrors("ids=a,b", initialChoice("Finance icons"))).toEqual({});
    const errors = iconPackageErrors("ids=a", {
      ...initialChoice("x"),
      name: "Finance Icons",
      version: "1.0",
      prefix: "9lives",
      license: "MIT OR Apache",
    });
    expect(Object.keys(errors).sort()).toEqual(["license", "name", "prefix", "version"]);
    expect(errors.name).toMatch(/lower-case/);
    expect(errors.version).toBe("Use a version such as 1.0.0.");
  });

  it("takes a 400's fields by their top-level name, the first message each", () => {
    expect(
      serverFieldErrors([
        { path: "name", message: "first" },
        { path: "name", message: "second" },
        { path: "grid.0", message: "grid" },
      ]),
    ).toEqual({ name: "first", grid: "grid" });
  });

  it("says how to use what came: npm install for a package, the cheat sheet for a font", () => {
    const choice = initialChoice("Finance icons");
    expect(usageOf("react", "finance-icons-1.0.0.tgz", choice, "Shopping cart")).toEqual({
      text: expect.stringContaining("ShoppingCartIcon from finance-icons") as string,
      code: "npm install ./finance-icons-1.0.0.tgz",
    });
    const font = usageOf("font", "finance-icons-1.0.0-font.zip", choice, "Wallet");
    expect(font.text).toMatch(/cheat-sheet\.html/);
    expect(font.code).toBe('<i class="finance-icons finance-icons-wallet" aria-hidden="true"></i>');
  });
});

describe("what a package of several objects is named after", () => {
  it("is the style most of them are in", () => {
    const of = (...names: string[]) => names.map((name) => ({ style: { name } }));
    expect(commonStyleName(of("Oils", "Finance icons", "Finance icons"))).toBe("Finance icons");
    expect(commonStyleName(of("Oils", "Line"))).toBe("Oils");
    expect(commonStyleName([])).toBeUndefined();
  });
});
