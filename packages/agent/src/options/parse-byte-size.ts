import { ValidationError } from '@grove/datasource-toolkit';

const units: Readonly<Record<string, number>> = { b: 1, kb: 1024, mb: 1024 ** 2, gb: 1024 ** 3 };

/**
 * Reads a size option: a positive integer of bytes, or a number with a unit `b`, `kb`, `mb`,
 * `gb` (powers of 1024, any casing, e.g. `'512kb'`, `'1.5MB'`).
 *
 * @param name - The option's name, for the error.
 * @throws ValidationError naming the option when the value is not a positive size.
 *
 * @example
 * ```ts
 * parseByteSize('maxBodySize', '10mb'); // 10485760
 * parseByteSize('maxBodySize', 2048); // 2048
 * ```
 */
export function parseByteSize(name: string, value: number | string): number {
  const match =
    typeof value === 'string' ? /^\s*(\d+(?:\.\d+)?)\s*([kmg]?b)?\s*$/i.exec(value) : null;
  const bytes =
    typeof value === 'number'
      ? value
      : match
        ? Math.floor(Number(match[1]) * (units[(match[2] ?? 'b').toLowerCase()] ?? 1))
        : Number.NaN;
  if (!Number.isSafeInteger(bytes) || bytes <= 0) {
    throw new ValidationError(
      `The ${name} option must be a positive number of bytes or a size such as '10mb' (got ${JSON.stringify(value)}).`,
    );
  }

  return bytes;
}
