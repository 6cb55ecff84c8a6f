import { Download, LoaderCircle } from "lucide-react";
import { useState } from "react";
import { spriteFrameSizes } from "#domain/exports";
import { buttonClasses } from "../ui/button";
import { ExportProgressNote } from "./export-progress-note";
import { IconPackageDownload } from "./icon-package-download";
import { SvgSpritePlanNotice, useSvgSpritePlan } from "./svg-sprite-plan";
import { useExportDownload } from "./use-export-download";
import { SegmentedControl } from "../ui/segmented-control";
import { ModalDialog } from "../ui/sheet-dialog";
import { Switch } from "../ui/switch";

type Kind = "images" | "sprites" | "svg-sprite" | "icon-package";
type Which = "cover" | "all";

const kindOptions: { value: Kind; label: string; hint: string }[] = [
  { value: "images", label: "Images", hint: "A ZIP of PNGs" },
  { value: "sprites", label: "Sprite sheet", hint: "One PNG and its atlas" },
  { value: "svg-sprite", label: "SVG sprite", hint: "One <symbol> per icon" },
  { value: "icon-package", label: "Icon package", hint: "React, Vue, Svelte, an icon font, Iconify JSON or SVGs" },
];
const whichOptions: { value: Which; label: string }[] = [
  { value: "cover", label: "Covers only" },
  { value: "all", label: "Every image" },
];
const frameOptions = spriteFrameSizes.map((size) => ({ value: String(size), label: `${size} px` }));
const paddingOptions = ["0", "2", "4", "8"].map((value) => ({ value, label: `${value} px` }));

/** Where the download comes from, as the export routes take it. */
export function downloadUrl(
  selection: string,
  choice: {
    kind: Kind;
    which: Which;
    svg: boolean;
    singleColour?: boolean;
    frameSize: string;
    padding: string;
    trim: boolean;
  },
): string {
  const images = choice.which === "all" ? "&images=all" : "";
  if (choice.kind === "images") return `/api/objects/export.zip?${selection}${images}${choice.svg ? "&svg=true" : ""}`;
  if (choice.kind === "svg-sprite" || choice.kind === "icon-package")
    return `/api/objects/svg-sprite.svg?${selection}${choice.singleColour ? "&singleColour=true" : ""}`;
  return `/api/objects/sprite-sheet.zip?${selection}${images}&frameSize=${choice.frameSize}&padding=${choice.padding}&trim=${choice.trim}`;
}

/**
 * "Download…": what to take before the file comes — a ZIP of the images (each object's cover or
 * every image, SVGs too for flat styles) or a sprite sheet for a game engine (frame size, padding,
 * trimmed or not) or an SVG sprite (which objects it leaves out, and why, said before the click),
 * or an icon package (React, Vue, Svelte, a font, Iconify JSON or SVGs; see IconPackageDownload).
 * `selection` is the export routes' query for the objects (ids, setId or styleId). A ZIP of images
 * streams straight to the browser's downloads; a sprite, or a ZIP with SVGs to trace, is prepared
 * first, with the dialog open showing its progress, and an error is said here rather than downloaded.
 */
export function DownloadDialog(props: {
  selection: string;
  title: string;
  description: string;
  /** What an icon package is named after by default: the style's name ("Finance icons" → finance-icons). */
  packageTitle?: string;
  onClose(): void;
}) {
  const [kind, setKind] = useState<Kind>("images");
  const [which, setWhich] = useState<Which>("cover");
  const [svg, setSvg] = useState(false);
  const [frameSize, setFrameSize] = useState("256");
  const [padding, setPadding] = useState("2");
  const [trim, setTrim] = useState(true);
  const [singleColour, setSingleColour] = useState(false);
  const href = downloadUrl(props.selection, { kind, which, svg, singleColour, frameSize, padding, trim });
  const plan = useSvgSpritePlan(props.selection);
  const [delivered, setDelivered] = useState<string | null>(null);
  const download = useExportDownload((fileName) =>
    // An icon package stays open to say how to use it; the other downloads close the dialog.
    kind === "icon-package" ? setDelivered(fileName) : props.onClose(),
  );
  const { progress, start, running } = download;
  const nothingToTrace = kind === "svg-sprite" && plan.status === "ready" && plan.plan.traced.length === 0;
  const label =
    kind === "images" ? "Download ZIP" : kind === "sprites" ? "Download sprite sheet" : "Download SVG sprite";

  return (
    <ModalDialog
      open
      onOpenChange={(open) => !open && !running && props.onClose()}
      title={props.title}
      description={props.description}
    >
      <div className="grid gap-5">
        <SegmentedControl<Kind>
          legend="Download as"
          name="download-kind"
          value={kind}
          options={kindOptions}
          onChange={setKind}
        />
        {kind === "icon-package" ? (
          <IconPackageDownload
            selection={props.selection}
            title={props.packageTitle}
            plan={plan}
            download={download}
            delivered={delivered}
            onDone={props.onClose}
          />
        ) : (
          <>
            {kind !== "svg-sprite" && (
              <SegmentedControl<Which>
                legend="Images"
                name="download-which"
                value={which}
                options={whichOptions}
                onChange={setWhich}
              />
            )}
            {kind === "svg-sprite" ? (
              <>
                <p className="text-sm text-neutral-600 dark:text-neutral-400">
                  One SVG file with a <code>&lt;symbol&gt;</code> for each object in a flat style (icons, line art,
                  pixel art), traced from its cover without its background or shadow, in the style&apos;s colours, and
                  named after it: use one with{" "}
                  <code>&lt;svg&gt;&lt;use href=&quot;sprite.svg#name&quot;/&gt;&lt;/svg&gt;</code>.
                </p>
                <SvgSpritePlanNotice state={plan} />
                <Switch
                  label="Single colour"
                  hint="Every shape in currentColor, so an icon takes the colour of the text around it."
                  checked={singleColour}
                  onChange={setSingleColour}
                />
              </>
            ) : kind === "images" ? (
              <Switch
                label="With SVG"
                hint="A traced SVG of each image in a flat style (icons, line art, pixel art), beside its PNG."
                checked={svg}
                onChange={setSvg}
              />
            ) : (
              <>
                <SegmentedControl
                  legend="Frame size"
                  name="download-frame"
                  value={frameSize}
                  options={frameOptions}
                  onChange={setFrameSize}
                />
                <SegmentedControl
                  legend="Padding"
                  name="download-padding"
                  value={padding}
                  options={paddingOptions}
                  onChange={setPadding}
                />
                <Switch
                  label="Trim see-through edges"
                  hint="Frames are cut to what is drawn; the atlas keeps where each sat, so engines place them as before."
                  checked={trim}
                  onChange={setTrim}
                />
                <p className="text-sm text-neutral-600 dark:text-neutral-400">
                  A ZIP with <code>sprites.png</code> and <code>sprites.json</code> in TexturePacker&apos;s JSON hash
                  format, which Phaser (<code>load.atlas</code>) and PixiJS (<code>Assets.load</code>) read. Frames are
                  named after the objects.
                </p>
              </>
            )}
            <ExportProgressNote progress={progress} />
            <div className="flex justify-end border-t border-neutral-200 pt-5 dark:border-neutral-800">
              {kind === "images" && !svg ? (
                <a
                  href={href}
                  download
                  onClick={() => props.onClose()}
                  className={buttonClasses("primary")}
                  data-testid="download-confirm"
                >
                  <Download aria-hidden className="size-4" />
                  {label}
                </a>
              ) : (
                <button
                  type="button"
                  disabled={running || nothingToTrace}
                  onClick={() =>
                    void start(
                      href,
                      kind === "sprites" ? "sprites.zip" : kind === "images" ? "objects.zip" : "sprite.svg",
                    )
                  }
                  className={buttonClasses("primary")}
                  data-testid="download-confirm"
                >
                  {running ? (
                    <LoaderCircle aria-hidden className="size-4 animate-spin" />
                  ) : (
                    <Download aria-hidden className="size-4" />
                  )}
                  {running ? "Preparing…" : label}
                </button>
              )}
            </div>
          </>
        )}
      </div>
    </ModalDialog>
  );
}
