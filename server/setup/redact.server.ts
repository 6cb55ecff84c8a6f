/** An outside service may echo the secret it was sent; it never reaches the page. */
export function redact(message: string, secret: string | undefined): string {
  return secret ? message.split(secret).join("•••") : message;
}
