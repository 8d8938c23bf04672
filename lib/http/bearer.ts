/** The credential of an `Authorization: Bearer <credential>` header, or null. */
export function bearerToken(header: string | undefined): string | null {
  if (!header) return null;
  const match = /^Bearer +(\S+)\s*$/i.exec(header);
  return match ? match[1]! : null;
}
