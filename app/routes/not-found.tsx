import { data } from "react-router";

// Any path no other route claims: the layout's error boundary shows the 404 page.
export function loader() {
  throw data(null, { status: 404 });
}

export default function NotFound() {
  return null;
}
