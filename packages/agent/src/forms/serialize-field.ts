import {
  ValidationError,
  getPrimaryKeys,
  type ActionField,
  type DataSource,
} from '@grove/datasource-toolkit';
import { toFormWireValue } from './form-wire-value';
import type { SerializedField, SerializedFieldType } from './serialized-form';
import { buildWidgetEdit } from './widget-edit';

/** Options of {@link serializeField} and `serializeForm`. */
export interface SerializeFormOptions {
  /** Static forms of the schema: the value is written as `defaultValue` instead of `value`. */
  readonly forSchema?: boolean;
}

/**
 * Serializes one evaluated form field as docs/agent-protocol.md#form-fields describes it: `field`
 * (its id), `label`, optional `description` / `isRequired` / `isReadOnly`, the value in wire form,
 * `hook` when the form logic watches it, `type` (list types as one-element lists; a Collection
 * field takes the type of its target's first primary key, with `reference`), `enums`, `widgetEdit`.
 * An Enum field without a value carries `value: null` (`defaultValue: null` in the schema); other
 * fields without a value omit the key.
 *
 * @param field - A field returned by `collection.getForm`.
 * @param dataSource - Resolves the target of Collection fields.
 * @param options - `forSchema` for the static forms of the schema.
 * @example
 * ```ts
 * serializeField({ type: 'StringList', label: 'Tags', id: 'Tags', watchChanges: true,
 *   value: ['a'] }, dataSource);
 * // { field: 'Tags', label: 'Tags', value: ['a'], hook: 'changeHook', type: ['String'] }
 * ```
 */
export function serializeField(
  field: ActionField,
  dataSource: DataSource,
  options: SerializeFormOptions = {},
): SerializedField {
  const wireValue = toFormWireValue(field, field.value);
  // An Enum without a value is sent as `null`, as the frontend expects (other types omit it).
  const value = field.type === 'Enum' && wireValue === undefined ? null : wireValue;
  const widgetEdit = buildWidgetEdit(field);

  return {
    field: field.id,
    label: field.label,
    ...(field.description === undefined ? {} : { description: field.description }),
    ...(field.isRequired === undefined ? {} : { isRequired: field.isRequired }),
    ...(field.isReadOnly === undefined ? {} : { isReadOnly: field.isReadOnly }),
    ...(value === undefined ? {} : { [options.forSchema ? 'defaultValue' : 'value']: value }),
    ...(field.watchChanges ? { hook: 'changeHook' as const } : {}),
    ...typeOf(field, dataSource),
    ...(field.type === 'Enum' || field.type === 'EnumList'
      ? { enums: [...(field.enumValues ?? [])] }
      : {}),
    ...(widgetEdit === undefined ? {} : { widgetEdit }),
  };
}

function typeOf(
  field: ActionField,
  dataSource: DataSource,
): { type: SerializedFieldType; reference?: string } {
  if (field.type !== 'Collection') {
    return {
      type: field.type.endsWith('List') ? [field.type.slice(0, -'List'.length)] : field.type,
    };
  }

  const target = dataSource.getCollection(String(field.collectionName));
  const [primaryKey] = getPrimaryKeys(target.schema);
  const column = primaryKey === undefined ? undefined : target.schema.fields[primaryKey];
  if (primaryKey === undefined || column?.type !== 'Column') {
    throw new ValidationError(
      `The Collection field '${field.id}' targets '${target.name}', which has no primary key.`,
    );
  }
  const { columnType } = column;

  return {
    type: typeof columnType !== 'string' || columnType === 'Binary' ? 'String' : columnType,
    reference: `${target.name}.${primaryKey}`,
  };
}
