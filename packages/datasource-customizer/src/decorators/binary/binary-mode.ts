/**
 * How a binary column is exchanged with clients: `datauri` for files (`data:image/png;base64,…`,
 * shown with a file picker) or `hex` for short binary values such as binary UUIDs.
 *
 * @example
 * ```ts
 * const mode: BinaryMode = 'hex';
 * ```
 */
export type BinaryMode = 'datauri' | 'hex';

/** Every binary mode. */
export const binaryModes: readonly BinaryMode[] = ['datauri', 'hex'];
