import { data } from "react-router";
import type { Route } from "./+types/object";

export function meta() {
  return [{ title: "Object · Motif" }];
}

export function loader({ params }: Route.LoaderArgs) {
  // Objects arrive with generation; until then no id names one.
  throw data({ objectId: params.objectId }, { status: 404 });
}

export default function ObjectPage() {
  return null;
}
