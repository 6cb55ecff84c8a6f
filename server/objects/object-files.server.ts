import { styleFolder } from "../styles/styles.server";

/** Where an object's images live: inside its style's folder, so deleting the style removes them too. */
export function objectFolder(userId: string, styleId: string, objectId: string): string {
  return `${styleFolder(userId, styleId)}/objects/${objectId}`;
}
