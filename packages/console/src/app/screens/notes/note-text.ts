/**
 * The text of a note's HTML (sanitised by the platform) for display as plain text: parsed inert
 * by `DOMParser` (no script runs, nothing loads), never injected as HTML.
 *
 * @example
 * ```ts
 * noteText('<p>Called <b>twice</b></p>'); // 'Called twice'
 * ```
 */
export function noteText(html: string): string {
  const document = new DOMParser().parseFromString(html, 'text/html');

  return (document.body.textContent ?? '').trim();
}
