/**
 * Decodes base64url text only when it is the canonical spelling of its bytes, `null` otherwise.
 * Node's decoder ignores the unused low bits of the last character (and stray padding), so
 * several texts decode to the same bytes; a signature or cursor must be compared in one form,
 * so the decoded bytes are re-encoded and the text must be exactly that
 * (docs/public-api.md#lists).
 *
 * @example
 * ```ts
 * decodeCanonicalBase64url('AQ'); // <Buffer 01>
 * decodeCanonicalBase64url('AR'); // null: decodes to 01 too, but is not its spelling
 * ```
 */
export function decodeCanonicalBase64url(text: string): Buffer | null {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) return null;
  const bytes = Buffer.from(text, 'base64url');

  return bytes.toString('base64url') === text ? bytes : null;
}
