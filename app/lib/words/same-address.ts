/** Whether a typed e-mail address is the account's own: case and surrounding spaces aside. */
export function isSameAddress(typed: string, email: string | undefined): boolean {
  if (!email) return false;
  const wanted = email.trim().toLowerCase();
  return wanted !== "" && typed.trim().toLowerCase() === wanted;
}
