import type { Options } from 'tsup';

/** Escapes the non-ASCII characters left in an output chunk (see tsup-ascii-output.mjs). */
export declare const asciiOutput: NonNullable<Options['plugins']>[number];
