import { ValidationError } from '../errors/errors';

/** The content of a data URI: what `File` column values carry. */
export interface DataUri {
  readonly mimeType: string;
  readonly buffer: Buffer;
  /** The file name (URL-decoded). */
  readonly name?: string;
  readonly charset?: string;
}

// Standard and URL-safe base64, padding optional.
const base64Pattern = /^[A-Za-z0-9+/_-]*={0,2}$/;
// RFC 2397: an empty media type means text/plain.
const defaultMimeType = 'text/plain';

function invalid(value: unknown): ValidationError {
  const text = typeof value === 'string' ? value : String(value);

  return new ValidationError(
    `Expected a file, got "${text.substring(0, 32)}". A file value must be a data uri.`,
  );
}

/**
 * Reads a data URI `data:<mime>[;name=<urlencoded>][;charset=<…>];base64,<payload>`. Only the
 * `name` and `charset` parameters are read back; others are ignored.
 *
 * @example
 * ```ts
 * parseDataUri('data:text/plain;name=a%20b.txt;base64,aGk=');
 * // { mimeType: 'text/plain', buffer: <Buffer 68 69>, name: 'a b.txt' }
 * parseDataUri('hello'); // throws: Expected a file, got "hello". A file value must be a data uri.
 * ```
 */
export function parseDataUri(value: unknown): DataUri {
  if (typeof value !== 'string' || !value.startsWith('data:')) throw invalid(value);
  const comma = value.indexOf(',');
  if (comma === -1) throw invalid(value);

  const [mimeType = '', ...parameters] = value.substring(5, comma).split(';');
  const payload = value.substring(comma + 1);
  if (parameters.pop() !== 'base64' || !base64Pattern.test(payload)) throw invalid(value);

  let name: string | undefined;
  let charset: string | undefined;
  for (const parameter of parameters) {
    const equal = parameter.indexOf('=');
    const key = parameter.substring(0, equal);
    const raw = parameter.substring(equal + 1);
    if (equal !== -1 && key === 'name') {
      try {
        name = decodeURIComponent(raw);
      } catch {
        throw invalid(value);
      }
    }
    if (equal !== -1 && key === 'charset') charset = raw;
  }

  return {
    mimeType: mimeType.trim() === '' ? defaultMimeType : mimeType,
    buffer: Buffer.from(payload, 'base64'),
    ...(name === undefined ? {} : { name }),
    ...(charset === undefined ? {} : { charset }),
  };
}

/**
 * Writes a data URI from its content; the name is URL-encoded.
 *
 * @example
 * ```ts
 * formatDataUri({ mimeType: 'text/plain', buffer: Buffer.from('hi'), name: 'a b.txt' });
 * // 'data:text/plain;name=a%20b.txt;base64,aGk='
 * ```
 */
export function formatDataUri({ mimeType, buffer, name, charset }: DataUri): string {
  const nameParameter = name === undefined ? '' : `;name=${encodeURIComponent(name)}`;
  const charsetParameter = charset === undefined ? '' : `;charset=${charset}`;

  return `data:${mimeType}${nameParameter}${charsetParameter};base64,${buffer.toString('base64')}`;
}
