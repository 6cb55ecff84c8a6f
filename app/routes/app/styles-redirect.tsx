import { redirect } from "react-router";
import type { Route } from "./+types/styles-redirect";

// The styles page lives at /app/style (spec §2) and each style under it: /app/styles, and
// /app/styles/<id>, are the plural people type, and lead there with the rest of the address.
export function loader({ request, params }: Route.LoaderArgs) {
  const { search } = new URL(request.url);
  const rest = params["*"] ? `/${params["*"]}` : "";
  throw redirect(`/app/style${rest}${search}`);
}

export default function StylesRedirect() {
  return null;
}
