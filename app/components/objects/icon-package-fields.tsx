import { iconGrids, type IconPackageFormat, iconPackageFormats } from "#domain/icon-packages";
import { cn } from "~/lib/ui/cn";
import { SegmentedControl } from "../ui/segmented-control";
import { TextField } from "../ui/text-field";
import type { IconPackageChoice, IconPackageField } from "./icon-package-choice";

const formats: Record<IconPackageFormat, { label: string; hint: string }> = {
  react: { label: "React", hint: "npm package, .tgz" },
  vue: { label: "Vue", hint: "npm package, .tgz" },
  svelte: { label: "Svelte", hint: "npm package, .tgz" },
  font: { label: "Icon font", hint: "WOFF2, CSS, cheat sheet" },
  iconify: { label: "Iconify JSON", hint: "One icon set file" },
  svg: { label: "SVG files", hint: "Each icon, and a sprite" },
};
const gridOptions = iconGrids.map((size) => ({ value: String(size), label: `${size} px` }));
/** Licences people often pick, offered as suggestions; any SPDX identifier is taken. */
const licences = ["UNLICENSED", "MIT", "ISC", "Apache-2.0", "CC-BY-4.0", "CC0-1.0"];

/** The format, as a grid of radio cards (arrows move within it). */
function FormatPicker(props: { value: IconPackageFormat; onChange(format: IconPackageFormat): void }) {
  return (
    <fieldset className="grid gap-1.5">
      <legend className="mb-1.5 text-sm font-medium">Format</legend>
      <div className="grid grid-cols-2 gap-2 sm:grid-cols-3">
        {iconPackageFormats.map((format) => (
          <label
            key={format}
            className={cn(
              "grid cursor-pointer gap-0.5 rounded-xl border px-3 py-2 transition has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-primary-500",
              props.value === format
                ? "border-primary-500 bg-primary-50 dark:border-primary-400 dark:bg-primary-950/40"
                : "border-neutral-200 hover:border-neutral-300 dark:border-neutral-800 dark:hover:border-neutral-700",
            )}
          >
            <input
              type="radio"
              className="sr-only"
              name="icon-package-format"
              value={format}
              checked={props.value === format}
              onChange={() => props.onChange(format)}
            />
            <span className="text-sm font-medium">{formats[format].label}</span>
            <span className="text-xs text-neutral-600 dark:text-neutral-400">{formats[format].hint}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/**
 * The icon package's choices: its format, npm name, version, prefix, grid and licence, each
 * field's message under it (`errors`, by field) as the app's other forms show them.
 */
export function IconPackageFields(props: {
  choice: IconPackageChoice;
  errors: Partial<Record<IconPackageField, string>>;
  onChange(field: IconPackageField, value: string): void;
  onBlur(field: IconPackageField): void;
}) {
  const { choice, errors } = props;
  const text = (field: "name" | "version" | "prefix" | "license") => ({
    value: choice[field],
    error: errors[field],
    onChange: (event: { target: { value: string } }) => props.onChange(field, event.target.value),
    onBlur: () => props.onBlur(field),
    spellCheck: false,
    autoCapitalize: "off",
    autoComplete: "off",
  });
  return (
    <div className="grid gap-4">
      <FormatPicker value={choice.format} onChange={(format) => props.onChange("format", format)} />
      <TextField
        label="Package name"
        hint="As npm takes it: lower case, digits and - . _ ~, optionally in a scope (@studio/finance-icons)."
        {...text("name")}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="Version" hint="Semantic, such as 1.0.0." {...text("version")} />
        <TextField
          label="Prefix"
          hint={`Classes and Iconify names: ${choice.prefix || "fin"}-${"wallet"}.`}
          {...text("prefix")}
        />
      </div>
      <SegmentedControl
        legend="Grid"
        name="icon-package-grid"
        value={choice.grid}
        options={gridOptions}
        onChange={(grid) => props.onChange("grid", grid)}
      />
      <TextField
        label="Licence"
        list="icon-package-licences"
        hint={
          choice.license.trim() === "UNLICENSED"
            ? "UNLICENSED: all rights reserved, nobody may reuse the icons without asking you. For others to use them, an SPDX identifier such as MIT or CC-BY-4.0."
            : "An SPDX identifier (MIT, CC-BY-4.0…), written into the package and its LICENSE."
        }
        {...text("license")}
      />
      <datalist id="icon-package-licences">
        {licences.map((licence) => (
          <option key={licence} value={licence} />
        ))}
      </datalist>
    </div>
  );
}
