import { useState, type FormEvent } from "react";
import { limits } from "#domain/limits";
import { fieldErrors } from "~/lib/api/api";
import { callApi } from "~/lib/api/api-client";
import { refusalMessage } from "~/lib/words/refusal-message";
import { toast } from "~/lib/state/toast-store";
import { DialogFormActions } from "../ui/dialog-form-actions";
import { ModalDialog } from "../ui/sheet-dialog";
import { TextField } from "../ui/text-field";

/** Renames an object (PATCH /api/objects/:id); the server's field error shows under the field. */
export function RenameObjectDialog(props: { object: { id: string; name: string }; onClose(): void; onSaved(): void }) {
  const [name, setName] = useState(props.object.name);
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) return setError("Give the object a name.");
    if (trimmed === props.object.name) return props.onClose();
    setBusy(true);
    try {
      await callApi("patch", "/api/objects/:id", { params: { id: props.object.id }, body: { name: trimmed } });
      toast({ title: "Object renamed", description: `It is now called ${trimmed}.`, color: "success" });
      props.onSaved();
      props.onClose();
    } catch (caught) {
      const fields = fieldErrors(caught);
      if (fields.name) setError(fields.name);
      else
        toast({
          title: "Rename error",
          description: refusalMessage(caught, "The object could not be renamed. Please try again."),
          color: "error",
        });
    } finally {
      setBusy(false);
    }
  }

  return (
    <ModalDialog open onOpenChange={(open) => !open && props.onClose()} title="Rename object">
      <form onSubmit={submit} className="grid gap-5" noValidate>
        <TextField
          label="Name"
          value={name}
          onChange={(e) => {
            setName(e.target.value);
            setError(undefined);
          }}
          maxLength={limits.objectName}
          autoFocus
          onFocus={(e) => e.currentTarget.select()}
          error={error}
        />
        <DialogFormActions busy={busy} submitLabel="Save" onCancel={props.onClose} />
      </form>
    </ModalDialog>
  );
}
