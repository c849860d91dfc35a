import {
  GroveError,
  ValidationError,
  getPrimaryKeys,
  isGroveError,
  missingSchemaElement,
  validateFieldName,
  type Collection,
  type RelationSchema,
} from '@grove/datasource-toolkit';
import type { RelationDefinition } from './relation-definition';

/**
 * Validates a relation to add to `collection` and fills its key defaults (targets default to
 * the first primary key). Every error is prefixed with `Cannot add the relation '<coll>.<name>':`
 * and keeps its code and name (an unknown collection stays a MissingCollectionError).
 *
 * @example
 * ```ts
 * buildRelationSchema(books, 'author', { type: 'ManyToOne', foreignCollection: 'authors', foreignKey: 'authorId' });
 * // { type: 'ManyToOne', foreignCollection: 'authors', foreignKey: 'authorId', foreignKeyTarget: 'id' }
 * ```
 */
export function buildRelationSchema(
  collection: Collection,
  name: string,
  definition: RelationDefinition,
): RelationSchema {
  try {
    return build(collection, name, definition);
  } catch (error) {
    if (!isGroveError(error)) throw error;
    throw new GroveError(
      error.code,
      `Cannot add the relation '${collection.name}.${name}': ${error.message}`,
      { name: error.name, cause: error, ...(error.data ? { data: error.data } : {}) },
    );
  }
}

function build(
  collection: Collection,
  name: string,
  definition: RelationDefinition,
): RelationSchema {
  validateFieldName(collection.name, name);
  if (name.includes(':')) throw new ValidationError("':' is reserved for relation paths.");
  if (collection.schema.fields[name]) {
    throw new ValidationError('a field with this name is already defined.', {
      name: 'AlreadyDefinedFieldError',
    });
  }
  const { dataSource } = collection;
  const foreign = dataSource.getCollection(required(definition, 'foreignCollection'));

  switch (definition.type) {
    case 'ManyToOne': {
      const foreignKey = required(definition, 'foreignKey');
      const foreignKeyTarget = definition.foreignKeyTarget ?? firstPrimaryKey(foreign);
      checkKeys(collection, foreignKey, foreign, foreignKeyTarget);

      return { type: 'ManyToOne', foreignCollection: foreign.name, foreignKey, foreignKeyTarget };
    }
    case 'OneToOne':
    case 'OneToMany': {
      const originKey = required(definition, 'originKey');
      const originKeyTarget = definition.originKeyTarget ?? firstPrimaryKey(collection);
      checkKeys(foreign, originKey, collection, originKeyTarget);

      return { type: definition.type, foreignCollection: foreign.name, originKey, originKeyTarget };
    }
    case 'ManyToMany': {
      const through = dataSource.getCollection(required(definition, 'throughCollection'));
      const originKey = required(definition, 'originKey');
      const foreignKey = required(definition, 'foreignKey');
      const originKeyTarget = definition.originKeyTarget ?? firstPrimaryKey(collection);
      const foreignKeyTarget = definition.foreignKeyTarget ?? firstPrimaryKey(foreign);
      checkKeys(through, originKey, collection, originKeyTarget);
      checkKeys(through, foreignKey, foreign, foreignKeyTarget);

      return {
        type: 'ManyToMany',
        foreignCollection: foreign.name,
        throughCollection: through.name,
        originKey,
        originKeyTarget,
        foreignKey,
        foreignKeyTarget,
      };
    }
    default:
      throw new ValidationError(
        `unknown relation type '${String((definition as { type: unknown }).type)}' ` +
          '(expected ManyToOne, OneToMany, OneToOne or ManyToMany).',
      );
  }
}

function required<D extends object, K extends keyof D & string>(definition: D, option: K): string {
  const value = definition[option];
  if (typeof value !== 'string' || value === '') {
    throw new ValidationError(`the '${option}' option is required.`);
  }

  return value;
}

function firstPrimaryKey(collection: Collection): string {
  const [pk] = getPrimaryKeys(collection.schema);
  if (!pk) {
    throw new ValidationError(
      `'${collection.name}' has no primary key: give the key target explicitly.`,
    );
  }

  return pk;
}

/** `owner.key = targetOwner.target`: both columns, both filterable with `In`, same type. */
function checkKeys(owner: Collection, key: string, targetOwner: Collection, target: string): void {
  const keyType = checkColumn(owner, key);
  const targetType = checkColumn(targetOwner, target);
  if (JSON.stringify(keyType) !== JSON.stringify(targetType)) {
    throw new ValidationError(
      `Types from '${owner.name}.${key}' and '${targetOwner.name}.${target}' do not match.`,
    );
  }
}

function checkColumn(owner: Collection, name: string): unknown {
  const field = owner.schema.fields[name];
  if (field?.type !== 'Column') {
    const columns = Object.keys(owner.schema.fields).filter(
      column => owner.schema.fields[column]?.type === 'Column',
    );
    throw missingSchemaElement('column', owner.name, name, columns);
  }
  // The child is an equivalence layer: `In` counts when it can be derived (e.g. from `Equal`).
  if (!field.filterOperators?.has('In')) {
    throw new ValidationError(`Column does not support the In operator: '${owner.name}.${name}'`);
  }

  return field.columnType;
}
