import { ValidationError, type ActionScope, type Collection } from '@grove/datasource-toolkit';
import { loadingPlaceholder } from '../forms/loading-placeholder';
import { serializeForm } from '../forms/serialize-form';
import type { SerializedForm } from '../forms/serialized-form';
import type { ActionEndpoint } from './action-endpoints';
import type { SchemaAction } from './agent-schema';
import { schemaCaller } from './schema-caller';
import { toJsonValue } from './to-json-value';

const maxSubmitButtonLabelLength = 50;
const actionTypes: Record<ActionScope, SchemaAction['type']> = {
  Single: 'single',
  Bulk: 'bulk',
  Global: 'global',
};

/**
 * The action object of the schema (docs/agent-protocol.md#action-objects). A static form is
 * evaluated once and published whole (`defaultValue`s, `layout` when it has one, `hooks.load:
 * false`); a dynamic one is replaced by the loading placeholder and `hooks.load: true`, so the
 * frontend calls `hooks/load`.
 *
 * @param collection - The collection of the action.
 * @param endpoint - The action's entry of `listActionEndpoints` (its `id` and `endpoint`).
 * @example
 * ```ts
 * const [endpoint] = listActionEndpoints('books', ['Mark as live'], false);
 * await buildSchemaAction(books, endpoint);
 * // { id: 'books-0-mark-as-live', name: 'Mark as live', type: 'bulk', …, hooks: { load: false, … } }
 * ```
 */
export async function buildSchemaAction(
  collection: Collection,
  endpoint: ActionEndpoint,
): Promise<SchemaAction> {
  const { name } = endpoint;
  const action = collection.schema.actions[name];
  if (action === undefined) {
    throw new ValidationError(`Action '${name}' not found in collection '${collection.name}'.`);
  }
  const { description, submitButtonLabel } = action;
  if (submitButtonLabel !== undefined && submitButtonLabel.length > maxSubmitButtonLabelLength) {
    throw new ValidationError(
      `The submitButtonLabel of action '${name}' of collection '${collection.name}' must have at ` +
        `most ${maxSubmitButtonLabelLength} characters (got ${submitButtonLabel.length}).`,
    );
  }

  const isStatic = action.staticForm === true;
  const form: SerializedForm = isStatic
    ? serializeForm(await collection.getForm(schemaCaller, name), collection.dataSource, {
        forSchema: true,
      })
    : { fields: [{ ...loadingPlaceholder }], layout: [] };

  return {
    id: endpoint.id,
    name,
    type: actionTypes[action.scope],
    baseUrl: null,
    endpoint: endpoint.endpoint,
    httpMethod: 'POST',
    redirect: null,
    download: Boolean(action.generateFile),
    // As read back from the file: a Json default holding dates would otherwise differ.
    fields: form.fields.map(field =>
      'defaultValue' in field ? { ...field, defaultValue: toJsonValue(field.defaultValue) } : field,
    ),
    ...(form.layout.length > 0 ? { layout: form.layout } : {}),
    ...(description === undefined ? {} : { description }),
    ...(submitButtonLabel === undefined ? {} : { submitButtonLabel }),
    hooks: { load: !isStatic, change: ['changeHook'] },
  };
}
