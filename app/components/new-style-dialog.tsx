import { Coins, ImageOff, LoaderCircle } from "lucide-react";
import * as Tabs from "@radix-ui/react-tabs";
import { useState, type FormEvent } from "react";
import { ApiError } from "~/lib/api/api";
import { callApi } from "~/lib/api/api-client";
import { cn } from "~/lib/ui/cn";
import type { DetailLevel, ImageSize } from "#domain/images";
import { priceText } from "~/lib/words/object-format";
import { useModel, useModels } from "~/lib/hooks/use-models";
import { useKeepDraft } from "~/lib/state/reload-drafts";
import type { NewStyleDraft } from "~/lib/state/form-drafts";
import { ModelPicker } from "./model-picker";
import { ANCHOR_COUNT } from "#domain/limits";
import { sameNameNote, sampleDetail, samplesPrice, UPLOAD_ERROR_DETAILS } from "#domain/styles";
import { toast } from "~/lib/state/toast-store";
import { useAuth } from "./auth-provider";
import { ImageDropzone } from "./image-dropzone";
import { Button } from "./ui/button";
import { SegmentedControl } from "./ui/segmented-control";
import { ModalDialog } from "./ui/sheet-dialog";
import { Switch } from "./ui/switch";
import { TextAreaField } from "./ui/text-area-field";
import { TextField } from "./ui/text-field";
import { detailOptions, sizeOptions } from "~/lib/ui/image-options";

const MAX_REFERENCES = 5;

type Source = "text" | "image";

export interface StyleSettings {
  defaultSize: ImageSize;
  defaultDetail: DetailLevel;
  defaultTransparent: boolean;
  /** Null: the operator's default model. */
  defaultModel: string | null;
}

export function StyleDefaultsFields({
  value,
  onChange,
}: {
  value: StyleSettings;
  onChange(next: StyleSettings): void;
}) {
  const models = useModels();
  return (
    <div className="grid gap-4">
      <ModelPicker
        label="Model"
        value={value.defaultModel ?? models.defaultId}
        transparent={value.defaultTransparent}
        pricing={{ size: value.defaultSize, detail: value.defaultDetail }}
        onChange={(defaultModel) => onChange({ ...value, defaultModel })}
      />
      <SegmentedControl
        legend="Size"
        name="size"
        value={value.defaultSize}
        options={sizeOptions}
        onChange={(defaultSize) => onChange({ ...value, defaultSize })}
      />
      <SegmentedControl
        legend="Detail"
        name="detail"
        value={value.defaultDetail}
        options={detailOptions}
        onChange={(defaultDetail) => onChange({ ...value, defaultDetail })}
      />
      {sampleDetail(value.defaultDetail) !== value.defaultDetail && (
        <p className="-mt-2 text-xs text-neutral-600 dark:text-neutral-400">
          The four sample images are made at Standard detail; what you generate in the style uses High.
        </p>
      )}
      <Switch
        label="Transparent background"
        hint="PNG with a real alpha channel, ready for games and apps."
        checked={value.defaultTransparent}
        onChange={(defaultTransparent) => onChange({ ...value, defaultTransparent })}
      />
    </div>
  );
}

/** Creates a style from words or reference images; its four sample images are paid for here. */
export function NewStyleDialog(props: {
  open: boolean;
  onOpenChange(open: boolean): void;
  maxUploadBytes: number;
  onCreated(): void;
  /** Prefilled from a preset. */
  initial?: { name: string; description: string };
  /** The names of the user's styles: one named alike is pointed out as the name is typed. */
  existingNames?: readonly string[];
  /** What was typed before a chunk reload (the styles page takes it back and opens the dialog). */
  draft?: NewStyleDraft;
}) {
  const { authUser } = useAuth();
  const { draft: saved } = props;
  const [source, setSource] = useState<Source>(saved?.source ?? "text");
  const [name, setName] = useState(saved?.name ?? props.initial?.name ?? "");
  const [description, setDescription] = useState(saved?.description ?? props.initial?.description ?? "");
  const [files, setFiles] = useState<File[]>([]);
  const [settings, setSettings] = useState<StyleSettings>(
    saved?.settings ?? {
      defaultSize: "square",
      defaultDetail: "standard",
      defaultTransparent: true,
      defaultModel: null,
    },
  );
  const [errors, setErrors] = useState<{ name?: string; description?: string; files?: string }>({});
  const [busy, setBusy] = useState(false);
  // Reference images dropped before a chunk reload: files cannot be kept, so the user is told.
  const [lostReferences, setLostReferences] = useState(saved?.lostReferences ?? 0);
  // One key per dialog: a double click or a retried request never charges twice.
  const [idempotencyKey, setIdempotencyKey] = useState(() => crypto.randomUUID());

  const chosenModel = useModel(settings.defaultModel);
  const { prices } = chosenModel;
  const price = samplesPrice({ size: settings.defaultSize, detail: settings.defaultDetail, prices });
  const samplesAtLowerDetail = sampleDetail(settings.defaultDetail) !== settings.defaultDetail;
  const imagesOnly = source === "image" && files.length > 0 && description.trim().length === 0;
  const balance = authUser?.credits ?? null;
  const affordable = balance === null || balance >= price;

  const draft: NewStyleDraft = { source, name, description, settings, lostReferences: files.length || lostReferences };
  useKeepDraft("new-style", props.open ? draft : undefined);

  function reset() {
    setName("");
    setDescription("");
    setFiles([]);
    setLostReferences(0);
    setErrors({});
    setIdempotencyKey(crypto.randomUUID());
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const next: typeof errors = {};
    if (!name.trim()) next.name = "Give the style a name.";
    const words = description.trim().length;
    // From images, the description may be left out: the style is derived from them.
    if (source === "text" ? words < 3 : words > 0 && words < 3) next.description = "Describe the style in a few words.";
    if (source === "image" && files.length === 0) next.files = "Add at least one reference image.";
    setErrors(next);
    if (Object.keys(next).length) return;

    const form = new FormData();
    form.set("name", name.trim());
    form.set("description", description.trim());
    form.set("defaultSize", settings.defaultSize);
    form.set("defaultDetail", settings.defaultDetail);
    form.set("defaultTransparent", String(settings.defaultTransparent));
    if (settings.defaultModel) form.set("defaultModel", settings.defaultModel);
    if (source === "image") files.forEach((file) => form.append("references", file));

    setBusy(true);
    try {
      await callApi("post", "/api/styles", { form, headers: { "Idempotency-Key": idempotencyKey } });
      toast({
        title: "Style created",
        description: `Generating ${ANCHOR_COUNT} sample images for ${name.trim()}.`,
        color: "success",
      });
      reset();
      props.onOpenChange(false);
      props.onCreated();
    } catch (error) {
      // A problem with the files shows by the dropzone, like those found when they were dropped.
      if (error instanceof ApiError && error.details.field === UPLOAD_ERROR_DETAILS.field) {
        setSource("image");
        setErrors({ files: error.message });
      } else if (error instanceof ApiError) {
        toast({ title: "Style error", description: error.message, color: "error" });
      } else {
        toast({
          title: "Style error",
          description: "The style could not be created. Please try again.",
          color: "error",
        });
      }
    } finally {
      setBusy(false);
    }
  }

  return (
    <ModalDialog
      open={props.open}
      onOpenChange={props.onOpenChange}
      title="New style"
      description="Describe a look, or show it with reference images. Motif generates four sample images in it, which every later image is matched to."
    >
      <form onSubmit={submit} className="grid gap-5" noValidate>
        <Tabs.Root value={source} onValueChange={(v) => setSource(v as Source)}>
          <Tabs.List
            aria-label="Create the style from"
            className="grid grid-cols-2 gap-1 rounded-xl bg-neutral-100 p-1 dark:bg-neutral-800"
          >
            {(["text", "image"] as const).map((value) => (
              <Tabs.Trigger
                key={value}
                value={value}
                className={cn(
                  "rounded-lg px-3 py-2 text-sm font-medium text-neutral-600 transition dark:text-neutral-400",
                  "data-[state=active]:bg-white data-[state=active]:text-neutral-900 data-[state=active]:shadow-sm dark:data-[state=active]:bg-neutral-950 dark:data-[state=active]:text-white",
                )}
              >
                {value === "text" ? "Describe it" : "From reference images"}
              </Tabs.Trigger>
            ))}
          </Tabs.List>
          {/* Both panels stay mounted (hidden when inactive), so each tab's aria-controls has its target. */}
          <Tabs.Content forceMount value="text" className="mt-3 data-[state=inactive]:hidden">
            <p className="text-sm text-neutral-600 dark:text-neutral-400">
              Name the medium, colours, line and mood: “flat vector icons, warm amber and teal, no outlines”.
            </p>
          </Tabs.Content>
          <Tabs.Content forceMount value="image" className="mt-4 grid gap-2 data-[state=inactive]:hidden">
            {lostReferences > 0 && files.length === 0 && (
              <p
                className="flex items-center gap-2 text-xs text-neutral-600 dark:text-neutral-400"
                data-testid="lost-references"
              >
                <ImageOff aria-hidden className="size-3.5 shrink-0" />
                {lostReferences === 1
                  ? "Your reference image could not be kept when the page reloaded; add it again."
                  : "Your reference images could not be kept when the page reloaded; add them again."}
              </p>
            )}
            <ImageDropzone
              files={files}
              max={MAX_REFERENCES}
              maxBytes={props.maxUploadBytes}
              onChange={(next) => {
                setFiles(next);
                setErrors((current) => ({ ...current, files: undefined }));
              }}
              error={errors.files}
            />
          </Tabs.Content>
        </Tabs.Root>

        <TextField
          label="Name"
          value={name}
          onChange={(e) => setName(e.target.value)}
          placeholder="Cosy flat icons"
          maxLength={80}
          error={errors.name}
          hint={sameNameNote(name, props.existingNames ?? [])}
        />
        <div className="grid gap-1.5">
          <TextAreaField
            label={source === "text" ? "Description" : "What to keep from the images (optional)"}
            maxLength={2000}
            value={description}
            onChange={(e) => setDescription(e.target.value)}
            placeholder={
              source === "text"
                ? "Flat vector icons with soft shadows, warm amber and teal, rounded shapes, no outlines"
                : "Leave empty to derive the style from the images"
            }
            error={errors.description}
          />
          {source === "image" && (
            <p className="text-xs text-neutral-600 dark:text-neutral-400" data-testid="derived-hint">
              {imagesOnly
                ? "No description: Motif derives the style from the images — their palette, tones and texture."
                : "Left empty, the style is derived from the images — their palette, tones and texture."}
            </p>
          )}
        </div>
        <StyleDefaultsFields value={settings} onChange={setSettings} />

        <div className="flex flex-col gap-3 border-t border-neutral-200 pt-5 sm:flex-row sm:items-center sm:justify-between dark:border-neutral-800">
          {/* One run of text beside the icon, so a long line wraps as a sentence, not in pieces. */}
          <p
            className="flex items-start gap-2 text-sm text-neutral-600 dark:text-neutral-400"
            data-testid="style-price"
          >
            <Coins aria-hidden className="mt-0.5 size-4 shrink-0 text-amber-500" />
            <span>
              {ANCHOR_COUNT} sample images{samplesAtLowerDetail && " at Standard detail"} ·{" "}
              <strong className="whitespace-nowrap text-neutral-900 dark:text-white">{priceText(price)}</strong>
              {balance !== null && <span className="whitespace-nowrap"> · you have {balance}</span>}
            </span>
          </p>
          <Button type="submit" disabled={busy || !affordable || !chosenModel.reachable}>
            {busy && <LoaderCircle aria-hidden className="size-4 animate-spin" />}
            {affordable ? `Create style · ${priceText(price)}` : "Not enough credits"}
          </Button>
        </div>
      </form>
    </ModalDialog>
  );
}
