/**
 * Where a user's files live in storage. A style's folder holds its references, samples and
 * objects, so deleting the folder deletes everything of the style; a user's holds their styles.
 */
export function userFolder(userId: string): string {
  return `users/${userId}`;
}

export function styleFolder(userId: string, styleId: string): string {
  return `${userFolder(userId)}/styles/${styleId}`;
}

/** Where an object's images live: inside its style's folder, so deleting the style removes them too. */
export function objectFolder(userId: string, styleId: string, objectId: string): string {
  return `${styleFolder(userId, styleId)}/objects/${objectId}`;
}
