import { ValidationError } from '@grove/datasource-toolkit';

import { checkConditionTree } from './check-condition-tree';

/** One collection's entry of a rendering (docs/platform-protocol.md#renderings). */
export interface RenderingCollection {
  scope: unknown;
  segments: string[];
  liveQuerySegments: { connectionName: string; query: string }[];
}

const LIMITS = {
  collections: 1000,
  segments: 200,
  queryLength: 65_536,
  stats: 1000,
  statBytes: 65_536,
} as const;

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function checkQuery(value: unknown, label: string): string {
  if (typeof value !== 'string' || value.trim() === '' || value.length > LIMITS.queryLength) {
    throw new ValidationError(`${label}: a non-empty SQL text of at most ${LIMITS.queryLength}`);
  }

  return value;
}

/**
 * Checks the live-query segments of a collection: `segments` (SQL texts) and
 * `liveQuerySegments` (`{ connectionName, query }`), each at most 200.
 *
 * @example
 * ```ts
 * checkSegments({ segments: ['SELECT id FROM books'], liveQuerySegments: [] }, 'books');
 * ```
 */
export function checkSegments(
  value: { segments?: unknown; liveQuerySegments?: unknown },
  label: string,
): Pick<RenderingCollection, 'segments' | 'liveQuerySegments'> {
  const segments = value.segments ?? [];
  const live = value.liveQuerySegments ?? [];
  if (!Array.isArray(segments) || segments.length > LIMITS.segments) {
    throw new ValidationError(`${label}.segments: a list of at most ${LIMITS.segments} queries`);
  }
  if (!Array.isArray(live) || live.length > LIMITS.segments) {
    throw new ValidationError(`${label}.liveQuerySegments: a list of at most ${LIMITS.segments}`);
  }

  return {
    segments: segments.map((query, index) => checkQuery(query, `${label}.segments[${index}]`)),
    liveQuerySegments: live.map((item, index) => {
      const path = `${label}.liveQuerySegments[${index}]`;
      if (
        !isPlainObject(item) ||
        Object.keys(item).some(k => !['connectionName', 'query'].includes(k))
      ) {
        throw new ValidationError(`${path}: { connectionName, query }`);
      }
      const { connectionName } = item;
      if (typeof connectionName !== 'string' || !connectionName || connectionName.length > 255) {
        throw new ValidationError(`${path}.connectionName: a name of 1 to 255 characters`);
      }

      return { connectionName, query: checkQuery(item.query, `${path}.query`) };
    }),
  };
}

/**
 * Checks one collection entry of a rendering: `{ scope, segments, liveQuerySegments }`.
 *
 * @example
 * ```ts
 * checkRenderingCollection({ scope: null, segments: [] }, 'books');
 * ```
 */
export function checkRenderingCollection(value: unknown, label: string): RenderingCollection {
  if (!isPlainObject(value)) throw new ValidationError(`${label}: must be an object`);
  const extra = Object.keys(value).filter(
    key => !['scope', 'segments', 'liveQuerySegments'].includes(key),
  );
  if (extra.length > 0) throw new ValidationError(`${label}: unknown fields ${extra.join(', ')}`);

  return {
    scope: checkConditionTree(value.scope, `${label}.scope`),
    ...checkSegments(value, label),
  };
}

/**
 * Checks a rendering's `collections` map (at most 1000 collections).
 *
 * @example
 * ```ts
 * checkRenderingCollections({ books: { scope: null, segments: [], liveQuerySegments: [] } });
 * ```
 */
export function checkRenderingCollections(value: unknown): Record<string, RenderingCollection> {
  if (!isPlainObject(value)) throw new ValidationError('collections must be an object');
  const names = Object.keys(value);
  if (names.length > LIMITS.collections) {
    throw new ValidationError(`At most ${LIMITS.collections} collections`);
  }
  const checked: Record<string, RenderingCollection> = {};
  for (const name of names) {
    if (name.length === 0 || name.length > 255)
      throw new ValidationError('Invalid collection name');
    checked[name] = checkRenderingCollection(value[name], `collections.${name}`);
  }

  return checked;
}

/**
 * Checks a rendering's saved charts: objects with a `type` text, each at most 64 KiB of JSON,
 * at most 1000. They are stored as sent: the agent hashes them against the charts users run
 * (docs/platform-protocol.md#chart-hashes), so their shape is the front end's.
 *
 * @example
 * ```ts
 * checkStats([{ type: 'Value', sourceCollectionName: 'books', aggregator: 'Count' }]);
 * ```
 */
export function checkStats(value: unknown): Record<string, unknown>[] {
  if (!Array.isArray(value) || value.length > LIMITS.stats) {
    throw new ValidationError(`stats must be a list of at most ${LIMITS.stats} charts`);
  }

  return value.map((stat, index) => {
    if (!isPlainObject(stat) || typeof stat.type !== 'string' || stat.type.length > 64) {
      throw new ValidationError(`stats[${index}]: a chart is an object with a type`);
    }
    if (JSON.stringify(stat).length > LIMITS.statBytes) {
      throw new ValidationError(`stats[${index}]: a chart is at most ${LIMITS.statBytes} bytes`);
    }

    return stat;
  });
}
