import type { Collection } from '../interfaces/collection';
import type { RecordData } from '../interfaces/record';
import { ValidationError } from '../errors/errors';
import { getPrimaryKeys, isToOne } from '../utils/schema-utils';

/**
 * The paths a read returns: columns (`title`) and to-one relation paths (`author:name`).
 * Immutable; duplicates are dropped, first-seen order is kept.
 *
 * @example
 * ```ts
 * const projection = new Projection('title', 'author:name').withPks(books);
 * projection.relations; // { author: Projection ['name', 'id'] }
 * ```
 */
export class Projection implements Iterable<string> {
  readonly paths: readonly string[];

  constructor(...paths: string[]) {
    this.paths = [...new Set(paths)];
  }

  /** Builds a projection from an array of paths. */
  static from(paths: Iterable<string>): Projection {
    return new Projection(...paths);
  }

  [Symbol.iterator](): Iterator<string> {
    return this.paths[Symbol.iterator]();
  }

  get length(): number {
    return this.paths.length;
  }

  /** Paths without a relation. */
  get columns(): string[] {
    return this.paths.filter(path => !path.includes(':'));
  }

  /** Sub-projection of each relation, keyed by relation name. */
  get relations(): Record<string, Projection> {
    const relations: Record<string, string[]> = {};
    for (const path of this.paths) {
      const index = path.indexOf(':');
      if (index !== -1) {
        const relation = path.substring(0, index);
        (relations[relation] ??= []).push(path.substring(index + 1));
      }
    }

    return Object.fromEntries(
      Object.entries(relations).map(([name, paths]) => [name, new Projection(...paths)]),
    );
  }

  includes(path: string): boolean {
    return this.paths.includes(path);
  }

  /** Order-insensitive equality. */
  equals(other: Projection): boolean {
    return other.length === this.length && this.paths.every(path => other.includes(path));
  }

  /** Paths of both projections, without duplicates. */
  union(...others: Array<Projection | readonly string[] | null | undefined>): Projection {
    return new Projection(...this.paths, ...others.flatMap(other => (other ? [...other] : [])));
  }

  /** Maps each path to one or several paths. */
  replace(handler: (path: string) => string | readonly string[]): Projection {
    return new Projection(...this.paths.flatMap(path => handler(path)));
  }

  /** Prefixes every path with `prefix:`. */
  nest(prefix?: string | null): Projection {
    return prefix ? new Projection(...this.paths.map(path => `${prefix}:${path}`)) : this;
  }

  /** Removes the first segment shared by every path. */
  unnest(): Projection {
    const [first] = this.paths;
    const prefix = first?.includes(':') ? first.substring(0, first.indexOf(':')) : null;
    if (!prefix || !this.paths.every(path => path.startsWith(`${prefix}:`))) {
      throw new ValidationError('Cannot unnest projection.');
    }

    return new Projection(...this.paths.map(path => path.substring(prefix.length + 1)));
  }

  /** Adds the primary keys of the collection and of every relation in the projection. */
  withPks(collection: Collection): Projection {
    const result = new Set([...getPrimaryKeys(collection.schema), ...this.paths]);
    for (const [relation, projection] of Object.entries(this.relations)) {
      const field = collection.schema.fields[relation];
      if (field && field.type !== 'Column') {
        const foreign = collection.dataSource.getCollection(field.foreignCollection);
        for (const path of projection.withPks(foreign).nest(relation)) result.add(path);
      }
    }

    return new Projection(...result);
  }

  /** Re-projects records: only projected paths are kept; missing related records become `null`. */
  apply(records: readonly RecordData[]): RecordData[] {
    return records.map(record => this.reproject(record) as RecordData);
  }

  private reproject(record: RecordData | null | undefined): RecordData | null {
    if (record === null || record === undefined) return null;
    const result: RecordData = {};
    for (const column of this.columns) result[column] = record[column];
    for (const [relation, projection] of Object.entries(this.relations)) {
      result[relation] = projection.reproject(record[relation] as RecordData | null | undefined);
    }

    return result;
  }

  toJSON(): string[] {
    return [...this.paths];
  }
}

/**
 * Every column of a collection plus every column of its first-level to-one relations.
 *
 * @example
 * ```ts
 * allFieldsProjection(books); // ['id', 'title', 'authorId', 'author:id', 'author:name']
 * ```
 */
export function allFieldsProjection(collection: Collection): Projection {
  const paths = Object.entries(collection.schema.fields).flatMap(([name, field]) => {
    if (field.type === 'Column') return [name];
    if (!isToOne(field)) return [];
    const foreign = collection.dataSource.getCollection(field.foreignCollection);

    return columnsProjection(foreign).nest(name).paths;
  });

  return new Projection(...paths);
}

/**
 * Every column of a collection.
 *
 * @example
 * ```ts
 * columnsProjection(books); // ['id', 'title', 'authorId']
 * ```
 */
export function columnsProjection(collection: Collection): Projection {
  return new Projection(
    ...Object.entries(collection.schema.fields)
      .filter(([, field]) => field.type === 'Column')
      .map(([name]) => name),
  );
}
