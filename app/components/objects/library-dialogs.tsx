import type { ObjectSummary } from "#domain/objects";
import { DEFAULT_PALETTE } from "#domain/colour-words";
import { NormaliseDialog } from "~/components/objects/normalise-dialog";
import { RecolourDialog } from "~/components/objects/recolour-dialog";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { plural } from "~/lib/words/object-format";

/** A change the library makes to many covers at once: recolour or normalise. */
export type SetChange = { kind: "recolour" | "normalise"; of: "set" | "selection" };

/**
 * The recolour or normalise dialog for the set shown (by its id) or for the selected objects,
 * with what each needs to show the covers before and after.
 */
export function SetChangeDialog(props: {
  change: SetChange;
  setId: string | null;
  objects: ObjectSummary[];
  selected: ReadonlySet<string>;
  onClose(): void;
  onChanged(): void;
}) {
  const { change, setId, objects, selected } = props;
  const verb = change.kind === "recolour" ? "Recolour" : "Normalise";
  const target =
    change.of === "set" && setId
      ? { scope: { setId }, objects, count: objects.length, title: `${verb} this set` }
      : {
          scope: { ids: [...selected] },
          objects: objects.filter((o) => selected.has(o.id)),
          count: selected.size,
          title: `${verb} ${plural(selected.size, "object")}`,
        };
  return change.kind === "recolour" ? (
    <RecolourDialog {...target} initialPalette={DEFAULT_PALETTE} onClose={props.onClose} onChanged={props.onChanged} />
  ) : (
    <NormaliseDialog {...target} onClose={props.onClose} onChanged={props.onChanged} />
  );
}

/** Asks before the selected objects are deleted, with all their images. */
export function DeleteObjectsConfirm(props: { count: number; onCancel(): void; onConfirm(): void }) {
  const one = props.count === 1;
  return (
    <ConfirmDialog
      open
      onOpenChange={(open) => !open && props.onCancel()}
      title={one ? "Delete this object?" : `Delete ${props.count} objects?`}
      description={
        <p>
          This deletes {one ? "the object and all its images" : "the objects and all their images"}. It cannot be
          undone.
        </p>
      }
      confirmLabel={`Delete ${plural(props.count, "object")}`}
      onConfirm={props.onConfirm}
    />
  );
}
