import { randomUUID } from 'node:crypto';

/**
 * The document every chart route answers (docs/agent-protocol.md#charts), without a `jsonapi`
 * member.
 *
 * @example
 * ```ts
 * const document: StatsDocument = toStatsDocument([{ key: 'paid', value: 12 }]);
 * ```
 */
export interface StatsDocument {
  readonly data: {
    readonly id: string;
    readonly type: 'stats';
    readonly attributes: { readonly value: unknown };
  };
}

/**
 * Wraps a chart value in the `stats` document of the protocol, under a fresh UUID (the frontend
 * never reads it back; Grove uses v4 where the vendor uses v1).
 *
 * @param value - The chart value.
 * @example
 * ```ts
 * toStatsDocument({ countCurrent: 12 });
 * // { data: { id: '3b2c…', type: 'stats', attributes: { value: { countCurrent: 12 } } } }
 * ```
 */
export function toStatsDocument(value: unknown): StatsDocument {
  return { data: { id: randomUUID(), type: 'stats', attributes: { value } } };
}
