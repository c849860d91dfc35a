import type { CollectionCustomizer, Plugin } from '@grove/datasource-customizer';
import { ValidationError, type CollectionSchema } from '@grove/datasource-toolkit';
import { separator } from './add-flattened-fields';
import { requireCollection, requireOption } from './validate-options';

/** Options of {@link flattenRelation}. */
export interface FlattenRelationOptions {
  /** The to-one relation to flatten; a chain such as `owner:country` crosses several. */
  readonly relationName: string;
  /** Columns of the related collection to import (default: all of its columns). */
  readonly include?: readonly string[];
  /** Columns of the related collection to skip. */
  readonly exclude?: readonly string[];
  /** Makes the imported fields read-only (default false: writable through the relation). */
  readonly readonly?: boolean;
}

/**
 * Imports the columns of a ManyToOne / OneToOne relation as fields named
 * `<relation>@@@<column>`: read through the relation, filterable and sortable like the source
 * column (natively, on the relation path), writable through the relation unless `readonly`.
 *
 * @example
 * ```ts
 * agent.customizeCollection('customers', customers =>
 *   customers.use(flattenRelation, { relationName: 'company', exclude: ['id'] }),
 * );
 * // → company@@@name, company@@@country…
 * ```
 */
export const flattenRelation: Plugin<FlattenRelationOptions> = (
  dataSource,
  customizer,
  options,
) => {
  const relationName = requireOption('flattenRelation', 'relationName', options?.relationName);
  const collection = requireCollection(customizer, 'flattenRelation');
  const target = resolveTarget(relationName.split(':'), collection, name =>
    dataSource.getCollection(name),
  );
  const columns = Object.keys(target.fields).filter(name => target.fields[name]?.type === 'Column');
  const include = options.include?.length ? options.include : columns;
  for (const name of include) {
    if (!columns.includes(name)) {
      throw new ValidationError(
        `Cannot flatten '${collection.name}.${relationName}': the included column '${name}' ` +
          `does not exist; available columns: ${columns.join(', ')}.`,
        { data: { collection: collection.name, relation: relationName } },
      );
    }
  }

  const exclude = new Set(options.exclude ?? []);
  for (const name of include.filter(column => !exclude.has(column))) {
    const source = target.fields[name];
    collection.importField(`${relationName.split(':').join(separator)}${separator}${name}`, {
      path: `${relationName}:${name}`,
      // A read-only source stays read-only: `readonly: false` would be refused for it.
      readonly: options.readonly === true || (source?.type === 'Column' && !!source.isReadOnly),
    });
  }
};

/** Walks a chain of to-one relations, returning the schema of the last related collection. */
function resolveTarget(
  hops: readonly string[],
  collection: CollectionCustomizer,
  getCollection: (name: string) => CollectionCustomizer,
): CollectionSchema {
  let current = collection;
  for (const [index, hop] of hops.entries()) {
    const field = current.schema.fields[hop];
    const rest = hops.slice(index).join(':');
    if (field?.type !== 'ManyToOne' && field?.type !== 'OneToOne') {
      const reason = !field
        ? 'relation not found'
        : field.type === 'Column'
          ? 'it is a column, not a relation'
          : `it is a ${field.type} relation, only ManyToOne and OneToOne can be flattened`;
      throw new ValidationError(`Cannot flatten '${current.name}.${rest}': ${reason}.`, {
        data: { collection: current.name, relation: rest },
      });
    }
    current = getCollection(field.foreignCollection);
  }

  return current.schema;
}
