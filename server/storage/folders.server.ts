/**
 * Where a user's files live in storage. A style's folder holds its references, samples and
 * objects, so deleting the folder deletes everything of the style; a user's holds their styles.
 */
export function workspaceFolder(workspaceId: string): string {
  return `users/${workspaceId}`;
}

export function styleFolder(workspaceId: string, styleId: string): string {
  return `${workspaceFolder(workspaceId)}/styles/${styleId}`;
}

/** Where an object's images live: inside its style's folder, so deleting the style removes them too. */
export function objectFolder(workspaceId: string, styleId: string, objectId: string): string {
  return `${styleFolder(workspaceId, styleId)}/objects/${objectId}`;
}

/** A character's pictures and trained weights: deleting the folder deletes everything of the character. */
export function characterFolder(workspaceId: string, characterId: string): string {
  return `${workspaceFolder(workspaceId)}/characters/${characterId}`;
}

/** Where an image's native vector original is kept (a vector model's SVG), beside its PNG. */
export const nativeSvgKey = (fileKey: string) => `${fileKey}.original.svg`;
