import { ValidationError } from '@grove/datasource-toolkit';

/** The longest JSON string a tool input may carry. */
export const MAX_JSON_INPUT_LENGTH = 1_000_000;

/**
 * Reads an input that may be an object or the same object as a JSON string (models often send
 * `filters`, `attributes` or `values` that way). Invalid JSON, or JSON that is not an object, is a
 * ValidationError naming the input.
 *
 * @example
 * ```ts
 * parseJsonInput('{"title":"Dune"}', 'attributes'); // { title: 'Dune' }
 * ```
 */
export function parseJsonInput(value: unknown, name: string): Record<string, unknown> {
  if (typeof value !== 'string') return value as Record<string, unknown>;
  if (value.length > MAX_JSON_INPUT_LENGTH) {
    throw new ValidationError(`"${name}" is longer than ${MAX_JSON_INPUT_LENGTH} characters`);
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    throw new ValidationError(`"${name}" is a string that is not valid JSON`);
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new ValidationError(`"${name}" must be a JSON object`);
  }

  return parsed as Record<string, unknown>;
}
