import { createHash } from 'node:crypto';

/** The chart keys that identify a chart; everything else (ids, titles, context) is ignored. */
export const chartHashKeys = [
  'type',
  'apiRoute',
  'smartRoute',
  'query',
  'connectionName',
  'labelFieldName',
  'filter',
  'sourceCollectionName',
  'aggregator',
  'aggregateFieldName',
  'groupByFieldName',
  'relationshipFieldName',
  'limit',
  'timeRange',
  'objective',
  'numeratorChartId',
  'denominatorChartId',
] as const;

function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (typeof value === 'object' && value !== null) {
    const keys = Object.keys(value).sort();
    const parts = keys.map(key => {
      const item = (value as Record<string, unknown>)[key];

      return `${JSON.stringify(key)}:${canonical(item)}`;
    });

    return `{${parts.join(',')}}`;
  }

  // Loose typing: a number and its text hash alike (the front end sends both forms).
  return JSON.stringify(typeof value === 'number' ? String(value) : value) ?? 'null';
}

/**
 * Hashes a chart definition (a rendering's `stats` entry or a chart request body) on the keys of
 * {@link chartHashKeys} that are neither null nor undefined, independent of key order. Requests
 * are hashed before template injection, so stored and posted definitions compare raw.
 *
 * @example
 * ```ts
 * hashChart({ type: 'Value', sourceCollectionName: 'books', aggregator: 'Count', title: 'x' })
 *   === hashChart({ aggregator: 'Count', sourceCollectionName: 'books', type: 'Value' }); // true
 * ```
 */
export function hashChart(chart: Readonly<Record<string, unknown>>): string {
  const kept: Record<string, unknown> = {};
  for (const key of chartHashKeys) {
    const value = chart[key];
    if (value !== null && value !== undefined) kept[key] = value;
  }

  return createHash('sha1').update(canonical(kept)).digest('hex');
}
