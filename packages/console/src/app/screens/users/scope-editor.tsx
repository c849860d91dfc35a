import { useState } from 'preact/hooks';

import { api } from '../../api/admin-api';
import type { ConditionTree, SchemaCollection } from '../../api/admin-types';
import { Alert } from '../../components/alert';
import { useSubmit } from '../../components/use-submit';
import { conditionOf, NO_VALUE_OPERATORS, toConditionTree, toDraftScope } from './scope-conditions';
import type { DraftCondition, DraftScope } from './scope-conditions';
import { InlineField } from '../projects/inline-field';

/**
 * The scope of a team on a collection, edited as conditions (a field of the schema, one of its
 * operators, a value) joined by AND or OR, saved with `PUT …/rendering/collections/:c/scope`.
 * The server's message about a condition shows under it; others above the form.
 *
 * @example
 * ```tsx
 * <ScopeEditor path={renderingPath} collection={orders} scope={current} onSaved={reload} />
 * ```
 */
export function ScopeEditor({
  path,
  collection,
  scope,
  onSaved,
}: {
  readonly path: string;
  readonly collection: SchemaCollection;
  readonly scope: ConditionTree | null | undefined;
  readonly onSaved: () => void;
}) {
  const fields = collection.fields.filter(field => field.filterOperators.length > 0);
  const initial = toDraftScope(scope);
  const [draft, setDraft] = useState<DraftScope>(initial ?? { aggregator: 'and', conditions: [] });
  const [saved, setSaved] = useState(false);
  const submit = useSubmit();
  const bad = conditionOf(submit.error?.detail, draft.conditions.length);
  const update = (index: number, change: Partial<DraftCondition>) =>
    setDraft({
      ...draft,
      conditions: draft.conditions.map((condition, at) =>
        at === index ? { ...condition, ...change } : condition,
      ),
    });
  const first = fields[0];

  return (
    <form
      class="card form scope-form"
      aria-labelledby="scope-title"
      onSubmit={event => {
        event.preventDefault();
        setSaved(false);
        void submit
          .run(() =>
            api('PUT', `${path}/collections/${encodeURIComponent(collection.name)}/scope`, {
              scope: toConditionTree(draft, fields),
            }),
          )
          .then(ok => {
            if (ok) {
              setSaved(true);
              onSaved();
            }
          });
      }}
    >
      <h2 id="scope-title">Scope on {collection.name}</h2>
      {initial === null ? (
        <Alert kind="warning">
          This scope is nested deeper than the editor shows: saving replaces it.
        </Alert>
      ) : null}
      <Alert kind="error">{bad === undefined ? submit.error?.detail : undefined}</Alert>
      {saved ? <Alert kind="success">Scope saved.</Alert> : null}
      {draft.conditions.length === 0 ? (
        <p class="muted">
          No condition: the team sees every record. Add a condition to restrict it.
        </p>
      ) : null}
      {draft.conditions.length > 1 ? (
        <InlineField
          label="Records must match"
          render={id => (
            <select
              id={id}
              value={draft.aggregator}
              onChange={event =>
                setDraft({ ...draft, aggregator: event.currentTarget.value as 'and' | 'or' })
              }
            >
              <option value="and">all conditions (AND)</option>
              <option value="or">any condition (OR)</option>
            </select>
          )}
        />
      ) : null}
      <ol class="conditions">
        {draft.conditions.map((condition, index) => {
          const field = fields.find(item => item.name === condition.field);
          const operators = field?.filterOperators ?? [condition.operator];
          const label = `condition ${index + 1}`;

          return (
            <li key={index} class="condition">
              <InlineField
                label={`Field of ${label}`}
                render={id => (
                  <select
                    id={id}
                    value={condition.field}
                    aria-invalid={bad === index}
                    onChange={event => {
                      const next = fields.find(item => item.name === event.currentTarget.value);
                      update(index, {
                        field: event.currentTarget.value,
                        operator: next?.filterOperators.includes(condition.operator)
                          ? condition.operator
                          : (next?.filterOperators[0] ?? condition.operator),
                      });
                    }}
                  >
                    {field ? null : <option value={condition.field}>{condition.field}</option>}
                    {fields.map(item => (
                      <option key={item.name} value={item.name}>
                        {item.name}
                      </option>
                    ))}
                  </select>
                )}
              />
              <InlineField
                label={`Operator of ${label}`}
                render={id => (
                  <select
                    id={id}
                    value={condition.operator}
                    aria-invalid={bad === index}
                    onChange={event => update(index, { operator: event.currentTarget.value })}
                  >
                    {operators.map(operator => (
                      <option key={operator} value={operator}>
                        {operator.replace(/_/g, ' ')}
                      </option>
                    ))}
                  </select>
                )}
              />
              {NO_VALUE_OPERATORS.has(condition.operator) ? null : (
                <InlineField
                  label={`Value of ${label}`}
                  render={id => (
                    <input
                      id={id}
                      value={condition.value}
                      aria-invalid={bad === index}
                      placeholder="a value, a list a, b, or {{currentUser.id}}"
                      onInput={event => update(index, { value: event.currentTarget.value })}
                    />
                  )}
                />
              )}
              <button
                type="button"
                class="link-button"
                onClick={() =>
                  setDraft({
                    ...draft,
                    conditions: draft.conditions.filter((_, at) => at !== index),
                  })
                }
              >
                Remove {label}
              </button>
              {bad === index ? (
                <p class="field-error" role="alert">
                  {submit.error?.detail}
                </p>
              ) : null}
            </li>
          );
        })}
      </ol>
      <div class="actions">
        <button
          type="button"
          class="button-secondary"
          disabled={!first}
          onClick={() =>
            first &&
            setDraft({
              ...draft,
              conditions: [
                ...draft.conditions,
                { field: first.name, operator: first.filterOperators[0]!, value: '' },
              ],
            })
          }
        >
          Add a condition
        </button>
        <button type="submit" disabled={submit.busy}>
          Save scope
        </button>
      </div>
    </form>
  );
}
