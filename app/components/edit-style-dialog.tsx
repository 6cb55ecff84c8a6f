import { useState, type FormEvent } from "react";
import { api } from "~/lib/api";
import type { StyleView } from "#domain/styles";
import { toast } from "~/lib/toast-store";
import { StyleDefaultsFields, type StyleSettings } from "./new-style-dialog";
import { Button } from "./ui/button";
import { ModalDialog } from "./ui/sheet-dialog";
import { TextAreaField } from "./ui/text-area-field";
import { TextField } from "./ui/text-field";
import { responsiveImage } from "~/lib/image-url";

export function EditStyleDialog(props: { style: StyleView; onClose(): void; onSaved(): void }) {
  const { style } = props;
  const [name, setName] = useState(style.name);
  const [description, setDescription] = useState(style.description);
  const [settings, setSettings] = useState<StyleSettings>({
    defaultSize: style.defaultSize,
    defaultDetail: style.defaultDetail,
    defaultTransparent: style.defaultTransparent,
  });
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!name.trim()) return;
    setBusy(true);
    try {
      await api(`/api/styles/${style.id}`, {
        method: "PATCH",
        body: { name: name.trim(), description: description.trim(), ...settings },
      });
      toast({ title: "Style Saved", color: "success" });
      props.onSaved();
      props.onClose();
    } catch {
      toast({ title: "Style Error", description: "The style could not be saved. Please try again.", color: "error" });
    } finally {
      setBusy(false);
    }
  }

  return (
    <ModalDialog open onOpenChange={(open) => !open && props.onClose()} title={`Edit ${style.name}`}>
      <form onSubmit={submit} className="grid gap-5">
        <TextField label="Name" value={name} onChange={(e) => setName(e.target.value)} maxLength={80} required />
        <TextAreaField
          label="Description"
          maxLength={2000}
          value={description}
          onChange={(e) => setDescription(e.target.value)}
        />
        <StyleDefaultsFields value={settings} onChange={setSettings} />
        {style.references.length > 0 && (
          <figure className="grid gap-2">
            <figcaption className="text-sm font-medium">Made from these references</figcaption>
            <ul className="flex flex-wrap gap-2">
              {style.references.map((reference, i) => (
                <li key={reference.id}>
                  <img
                    {...responsiveImage(reference.url, { displayWidth: 72, quality: 80 })}
                    alt={`Reference ${i + 1}`}
                    width={72}
                    height={72}
                    className="size-18 rounded-lg object-cover ring-1 ring-black/10 dark:ring-white/15"
                  />
                </li>
              ))}
            </ul>
          </figure>
        )}
        <div className="flex justify-end gap-3">
          <Button variant="secondary" onClick={props.onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={busy}>
            Save
          </Button>
        </div>
      </form>
    </ModalDialog>
  );
}
