// A tsup plugin shared by every package's tsup.config.ts.
//
// esbuild escapes non-ASCII characters in strings, templates and identifiers, but copies the
// comments it keeps (the TSDoc of class members) as they are. One `…` or `—` there makes V8 hold
// the whole module's source, kept for lazy compilation, as a two-byte string: twice the memory
// for the process's lifetime (about 0.5 MB for an agent's packages). This plugin escapes what is
// left (`\u2026`): comments only, so the code and its source map do not change (but for columns
// after such a comment on the same line, which esbuild does not write).

/**
 * Escapes the non-ASCII characters left in an output chunk.
 *
 * @example
 * ```ts
 * import { asciiOutput } from '../../scripts/tsup-ascii-output.mjs';
 * export default defineConfig({ entry: { index: 'src/index.ts' }, plugins: [asciiOutput] });
 * ```
 * @type {import('tsup').Options['plugins'][number]}
 */
export const asciiOutput = {
  name: 'ascii-output',
  renderChunk(code, chunk) {
    if (!/\.[cm]?js$/.test(chunk.path) || !/[^\x00-\x7f]/.test(code)) return undefined;

    return {
      code: code.replace(
        /[^\x00-\x7f]/g,
        c => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
      ),
      map: chunk.map,
    };
  },
};
