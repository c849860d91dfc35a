import sanitizeHtml from 'sanitize-html';

/**
 * The tight allowlist of note content: text formatting, lists, quotes, code and links to
 * http/https/mailto only. Everything else — scripts, styles, iframes, images, every attribute
 * but `href`, event handlers, `javascript:` and `data:` URLs — is removed.
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'ul',
    'ol',
    'li',
    'blockquote',
    'code',
    'pre',
    'a',
  ],
  allowedAttributes: { a: ['href'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: {},
  allowProtocolRelative: false,
  // Dropped with their content: what they hold is code or styling, never note text.
  nonTextTags: [
    'script',
    'style',
    'textarea',
    'option',
    'noscript',
    'iframe',
    'object',
    'template',
  ],
  disallowedTagsMode: 'discard',
  enforceHtmlBoundary: false,
  parseStyleAttributes: false,
};

/**
 * Sanitises note or message HTML before it is stored.
 *
 * @example
 * ```ts
 * sanitizeNoteContent('<p onclick="x()">Hi<script>alert(1)</script></p>'); // '<p>Hi</p>'
 * ```
 */
export function sanitizeNoteContent(html: string): string {
  return sanitizeHtml(html, OPTIONS);
}
