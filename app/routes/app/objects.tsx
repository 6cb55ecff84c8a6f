import { Boxes } from "lucide-react";
import { EmptyState } from "~/components/empty-state";
import { PageHeader } from "~/components/page-header";

export function meta() {
  return [{ title: "Objects · Motif" }];
}

export default function ObjectsPage() {
  return (
    <>
      <PageHeader
        title="Objects"
        description="The subjects you generate — a chest, a potion, a product — each in one style."
      />
      <EmptyState icon={Boxes} title="No objects yet">
        Create a style first, then name the objects you want. Each one is generated in that style, in the size and
        detail you choose.
      </EmptyState>
    </>
  );
}
