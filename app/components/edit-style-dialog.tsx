import { Info, LoaderCircle, X } from "lucide-react";
import { useState, type FormEvent } from "react";
import { ApiError } from "~/lib/api/api";
import { callApi } from "~/lib/api/api-client";
import { refusalMessage } from "~/lib/words/refusal-message";
import { describeStaleReasons, sameNameNote, sampleDetail, type StaleReason, type StyleView } from "#domain/styles";
import { limits } from "#domain/limits";
import { toast } from "~/lib/state/toast-store";
import { useKeepDraft } from "~/lib/state/reload-drafts";
import type { EditStyleDraft } from "~/lib/state/form-drafts";
import { ImageDropzone } from "./image-dropzone";
import { StyleDefaultsFields, type StyleSettings } from "./new-style-dialog";
import { paletteAfterDescription } from "#domain/palette";
import { PaletteEditor } from "./palette-editor";
import { DialogFormActions } from "./ui/dialog-form-actions";
import { ModalDialog } from "./ui/sheet-dialog";
import { TextAreaField } from "./ui/text-area-field";
import { TextField } from "./ui/text-field";
import { responsiveImage } from "#domain/image-url";

type Reference = StyleView["references"][number];

/** What the edits would change of what the style's samples were made for. */
function changedForSamples(
  style: StyleView,
  edits: { description: string; palette: string[]; settings: StyleSettings; references: Reference[] },
): StaleReason[] {
  const reasons: StaleReason[] = [];
  if (edits.description !== style.description) reasons.push("description");
  if (edits.palette.join() !== style.palette.join()) reasons.push("palette");
  if (edits.settings.defaultSize !== style.defaultSize) reasons.push("size");
  if (sampleDetail(edits.settings.defaultDetail) !== sampleDetail(style.defaultDetail)) reasons.push("detail");
  if (edits.settings.defaultTransparent !== style.defaultTransparent) reasons.push("transparent");
  if (edits.references.map((r) => r.id).join() !== style.references.map((r) => r.id).join()) reasons.push("references");
  return reasons;
}

export function EditStyleDialog(props: {
  style: StyleView;
  maxUploadBytes: number;
  /** The names of the user's other styles: one named alike is pointed out as the name is typed. */
  otherNames?: readonly string[];
  onClose(): void;
  /** After a save, and after references were added or removed. */
  onSaved(): void;
  /** What was typed before a chunk reload (the styles page takes it back and reopens the dialog). */
  draft?: EditStyleDraft;
}) {
  const { style, draft } = props;
  const [name, setName] = useState(draft?.name ?? style.name);
  const [description, setDescription] = useState(draft?.description ?? style.description);
  const [palette, setPalette] = useState(draft?.palette ?? style.palette);
  const [paletteValid, setPaletteValid] = useState(true);
  // Colours chosen by hand in this dialog stay; otherwise the palette follows new words.
  const [paletteChosen, setPaletteChosen] = useState(false);
  // The editor keeps what is typed in it: a palette that followed the words starts it anew.
  const [paletteKey, setPaletteKey] = useState(0);
  const paletteFollows = !paletteChosen && palette.join() !== style.palette.join();
  const [references, setReferences] = useState(style.references);
  const [uploadError, setUploadError] = useState<string>();
  const [uploading, setUploading] = useState(false);
  const [removing, setRemoving] = useState<string | null>(null);
  const [errors, setErrors] = useState<{ name?: string; description?: string }>({});
  const [settings, setSettings] = useState<StyleSettings>(
    draft?.settings ?? {
      defaultSize: style.defaultSize,
      defaultDetail: style.defaultDetail,
      defaultTransparent: style.defaultTransparent,
      defaultModel: style.defaultModel,
    },
  );
  const [busy, setBusy] = useState(false);
  // References are saved as they are added, so only the form's fields ride across a reload.
  useKeepDraft<EditStyleDraft>("edit-style", { styleId: style.id, name, description, palette, settings });
  const descriptionOptional = references.length > 0;
  const willBeStale =
    style.anchors.length > 0
      ? changedForSamples(style, { description: description.trim(), palette, settings, references })
      : [];

  async function addReferences(files: File[]) {
    const form = new FormData();
    files.forEach((file) => form.append("references", file));
    setUploading(true);
    setUploadError(undefined);
    try {
      const added = await callApi("post", "/api/styles/:id/references", { params: { id: style.id }, form });
      setReferences((current) => [...current, ...added.references]);
      props.onSaved();
    } catch (error) {
      setUploadError(error instanceof ApiError ? error.message : "The images could not be added. Please try again.");
    } finally {
      setUploading(false);
    }
  }

  async function removeReference(reference: Reference, index: number) {
    setRemoving(reference.id);
    setUploadError(undefined);
    try {
      await callApi("delete", "/api/styles/:id/references/:referenceId", {
        params: { id: style.id, referenceId: reference.id },
      });
      setReferences((current) => current.filter((r) => r.id !== reference.id));
      props.onSaved();
    } catch (error) {
      setUploadError(refusalMessage(error, `Reference ${index + 1} could not be removed. Please try again.`));
    } finally {
      setRemoving(null);
    }
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const next: typeof errors = {};
    if (!name.trim()) next.name = "Give the style a name.";
    const words = description.trim().length;
    if (descriptionOptional ? words > 0 && words < 3 : words < 3)
      next.description = descriptionOptional
        ? "Describe the style in a few words, or leave it empty."
        : "Describe the style in a few words.";
    setErrors(next);
    if (Object.keys(next).length || !paletteValid) return;
    setBusy(true);
    try {
      await callApi("patch", "/api/styles/:id", {
        params: { id: style.id },
        body: {
          name: name.trim(),
          description: description.trim(),
          palette,
          defaultSize: settings.defaultSize,
          defaultDetail: settings.defaultDetail,
          defaultTransparent: settings.defaultTransparent,
          // Sent only when changed: a model the operator has since taken away stays until replaced.
          ...(settings.defaultModel !== style.defaultModel ? { defaultModel: settings.defaultModel } : {}),
        },
      });
      toast({ title: "Style saved", color: "success" });
      props.onSaved();
      props.onClose();
    } catch (error) {
      toast({
        title: "Style error",
        description: refusalMessage(error, "The style could not be saved. Please try again."),
        color: "error",
      });
    } finally {
      setBusy(false);
    }
  }

  return (
    <ModalDialog open onOpenChange={(open) => !open && props.onClose()} title={`Edit ${style.name}`}>
      <form onSubmit={submit} className="grid gap-5" noValidate>
        <TextField
          label="Name"
          value={name}
          onChange={(e) => setName(e.target.value)}
          maxLength={limits.styleName}
          required
          error={errors.name}
          hint={sameNameNote(name, props.otherNames ?? [])}
        />
        <div className="grid gap-1.5">
          <TextAreaField
            label={descriptionOptional ? "Description (optional)" : "Description"}
            maxLength={limits.styleDescription}
            value={description}
            onChange={(e) => {
              setDescription(e.target.value);
              if (paletteChosen) return;
              const followed = paletteAfterDescription(style, e.target.value.trim()) ?? style.palette;
              if (followed.join() === palette.join()) return;
              setPalette(followed);
              setPaletteKey((key) => key + 1);
            }}
            placeholder={descriptionOptional ? "Leave empty to derive the style from its reference images" : undefined}
            error={errors.description}
          />
          {descriptionOptional && !description.trim() && (
            <p className="text-xs text-neutral-600 dark:text-neutral-400">
              Derived from the reference images{style.derivedDescription ? `: ${derivedWords(style)}` : "."}
            </p>
          )}
        </div>
        <div className="grid gap-1.5">
          <PaletteEditor
            key={paletteKey}
            value={palette}
            onChange={(next) => {
              setPalette(next);
              setPaletteChosen(true);
            }}
            onValidity={setPaletteValid}
          />
          {paletteFollows && (
            <p className="text-xs text-neutral-600 dark:text-neutral-400" data-testid="palette-follows">
              The palette follows the new description. Change a colour to choose your own.
            </p>
          )}
        </div>
        <StyleDefaultsFields value={settings} onChange={setSettings} />
        <section className="grid gap-2" aria-labelledby={`${style.id}-references`}>
          <h3 id={`${style.id}-references`} className="text-sm font-medium">
            Reference images{" "}
            <span className="font-normal text-neutral-600 dark:text-neutral-400">
              · {references.length} of {limits.referenceImages}
            </span>
          </h3>
          {references.length > 0 && (
            <ul className="flex flex-wrap gap-2" aria-label="Reference images of this style">
              {references.map((reference, i) => (
                <li key={reference.id} className="relative">
                  <img
                    {...responsiveImage(reference, { displayWidth: 72, quality: 80 })}
                    alt={`Reference ${i + 1}`}
                    width={72}
                    height={72}
                    className="size-18 rounded-lg object-cover ring-1 ring-black/10 dark:ring-white/15"
                  />
                  <button
                    type="button"
                    aria-label={`Remove reference ${i + 1}`}
                    disabled={removing !== null || (style.source === "image" && references.length <= 1)}
                    title={
                      style.source === "image" && references.length <= 1
                        ? "A style made from reference images keeps at least one."
                        : undefined
                    }
                    onClick={() => void removeReference(reference, i)}
                    className="absolute -top-1.5 -right-1.5 grid size-6 place-items-center rounded-full bg-neutral-900 text-white shadow focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-500 disabled:opacity-40 dark:bg-white dark:text-neutral-900"
                  >
                    {removing === reference.id ? (
                      <LoaderCircle aria-hidden className="size-3.5 animate-spin" />
                    ) : (
                      <X aria-hidden className="size-3.5" />
                    )}
                  </button>
                </li>
              ))}
            </ul>
          )}
          {references.length < limits.referenceImages ? (
            <ImageDropzone
              files={[]}
              max={limits.referenceImages - references.length}
              maxBytes={props.maxUploadBytes}
              onChange={(files) => void addReferences(files)}
              error={uploadError}
              busy={uploading}
              hidePreviews
              prompt="Add reference images: drop them here, or choose files"
            />
          ) : (
            uploadError && (
              <p role="alert" className="text-sm text-red-700 dark:text-red-300">
                {uploadError}
              </p>
            )
          )}
        </section>
        {willBeStale.length > 0 && (
          <p
            className="flex gap-2 rounded-lg bg-amber-50 p-3 text-sm text-amber-900 dark:bg-amber-950/50 dark:text-amber-100"
            data-testid="stale-preview"
          >
            <Info aria-hidden className="mt-0.5 size-4 shrink-0" />
            <span>
              The sample images were made for {describeStaleReasons(willBeStale)}. After saving, the style&rsquo;s card
              offers to make new ones or keep them.
            </span>
          </p>
        )}
        <DialogFormActions busy={busy} disabled={!paletteValid} submitLabel="Save" onCancel={props.onClose} />
      </form>
    </ModalDialog>
  );
}

/** "light, airy tones, …" from "In the look of the reference image: light, airy tones, …". */
function derivedWords(style: StyleView): string {
  const text = style.derivedDescription ?? "";
  return text.slice(text.indexOf(":") + 1).trim() + ".";
}
