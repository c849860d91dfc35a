import {
  findInverseRelation,
  getColumnSchema,
  type Collection,
  type RelationSchema,
} from '@grove/datasource-toolkit';
import type { SchemaField, SchemaRelationship } from './agent-schema';
import { isFilterable, isRequired } from './schema-column-field';
import { toSchemaColumnType } from './schema-column-type';
import { toSchemaValidations } from './schema-validations';
import { toJsonValue } from './to-json-value';

/** What differs between relation kinds; the other keys are the same for all. */
type RelationParts = Pick<
  SchemaField,
  'isFilterable' | 'isReadOnly' | 'isSortable' | 'reference' | 'type'
> &
  Partial<Pick<SchemaField, 'defaultValue' | 'isRequired' | 'validations'>> & {
    relationship: SchemaRelationship;
  };

/**
 * The field object of a relation (docs/agent-protocol.md#relation-fields), keys in alphabetical
 * order: a ManyToOne is a `BelongsTo` typed and validated like its foreign key, a OneToOne a
 * `HasOne`, a OneToMany a `HasMany` and a ManyToMany a `BelongsToMany` (both typed as a one-element
 * list), with `inverseOf` naming the relation of the other side.
 *
 * @param collection - The collection owning the relation.
 * @param name - The relation name.
 * @param relation - Its schema.
 * @example
 * ```ts
 * buildRelationField(books, 'author', books.schema.fields.author as RelationSchema);
 * // { …, field: 'author', inverseOf: 'books', reference: 'authors.id',
 * //   relationship: 'BelongsTo', type: 'Number', … }
 * ```
 */
export function buildRelationField(
  collection: Collection,
  name: string,
  relation: RelationSchema,
): SchemaField {
  const parts = relationParts(collection, relation);

  return {
    defaultValue: parts.defaultValue ?? null,
    enums: null,
    field: name,
    integration: null,
    inverseOf: findInverseRelation(collection, name),
    isFilterable: parts.isFilterable,
    isPrimaryKey: false,
    isReadOnly: parts.isReadOnly,
    isRequired: parts.isRequired ?? false,
    isSortable: parts.isSortable,
    isVirtual: false,
    reference: parts.reference,
    relationship: parts.relationship,
    type: parts.type,
    validations: parts.validations ?? [],
  };
}

function relationParts(collection: Collection, relation: RelationSchema): RelationParts {
  const foreign = collection.dataSource.getCollection(relation.foreignCollection);
  switch (relation.type) {
    case 'ManyToOne': {
      const foreignKey = getColumnSchema(collection, relation.foreignKey);

      return {
        defaultValue: toJsonValue(foreignKey.defaultValue),
        isFilterable: hasFilterableColumn(foreign),
        isReadOnly: Boolean(foreignKey.isReadOnly),
        isRequired: isRequired(foreignKey),
        isSortable: Boolean(foreignKey.isSortable),
        reference: `${foreign.name}.${relation.foreignKeyTarget}`,
        relationship: 'BelongsTo',
        type: toSchemaColumnType(foreignKey.columnType),
        validations: toSchemaValidations(foreignKey),
      };
    }
    case 'OneToOne':
      return {
        isFilterable: hasFilterableColumn(foreign),
        isReadOnly: Boolean(getColumnSchema(foreign, relation.originKey).isReadOnly),
        isSortable: Boolean(getColumnSchema(collection, relation.originKeyTarget).isSortable),
        // The vendor's quirk, kept: the foreign collection with the *local* target's name.
        reference: `${foreign.name}.${relation.originKeyTarget}`,
        relationship: 'HasOne',
        type: toSchemaColumnType(getColumnSchema(foreign, relation.originKey).columnType),
      };
    case 'OneToMany':
      return {
        isFilterable: false,
        isReadOnly: Boolean(getColumnSchema(foreign, relation.originKey).isReadOnly),
        isSortable: true,
        reference: `${foreign.name}.${relation.originKeyTarget}`,
        relationship: 'HasMany',
        type: [
          toSchemaColumnType(getColumnSchema(collection, relation.originKeyTarget).columnType),
        ],
      };
    case 'ManyToMany': {
      const through = collection.dataSource.getCollection(relation.throughCollection);

      return {
        isFilterable: false,
        isReadOnly:
          Boolean(getColumnSchema(through, relation.originKey).isReadOnly) ||
          Boolean(getColumnSchema(through, relation.foreignKey).isReadOnly),
        isSortable: true,
        reference: `${foreign.name}.${relation.foreignKeyTarget}`,
        relationship: 'BelongsToMany',
        type: [toSchemaColumnType(getColumnSchema(foreign, relation.foreignKeyTarget).columnType)],
      };
    }
  }
}

function hasFilterableColumn(collection: Collection): boolean {
  return Object.values(collection.schema.fields).some(
    field => field.type === 'Column' && isFilterable(field),
  );
}
