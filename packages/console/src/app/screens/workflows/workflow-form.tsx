import { useState } from 'preact/hooks';

import type { ApiError } from '../../api/api-error';
import type { WorkflowStep } from '../../api/admin-types';
import { Alert } from '../../components/alert';
import { Field } from '../../components/field';
import { useSubmit } from '../../components/use-submit';

/** What the form sends: the admin API's workflow body. */
export interface WorkflowBody {
  readonly name: string;
  readonly collectionName: string;
  readonly steps: readonly { readonly actionName: string; readonly values: object }[];
  /** Sent at creation only: an existing workflow's webhook is switched on its own. */
  readonly webhookEnabled?: boolean;
}

/** A workflow as the form starts from. */
export interface WorkflowDefinition {
  readonly name: string;
  readonly collectionName: string;
  readonly steps: readonly WorkflowStep[];
}

interface StepDraft {
  readonly actionName: string;
  readonly valuesText: string;
}

/** The server's validation message for each field of the form, or the form-level one. */
function placeError(error: ApiError | undefined, steps: readonly StepDraft[]) {
  const placed: Record<string, string> = {};
  if (!error) return { placed, rest: undefined };
  const detail = error.detail;
  const step = /^steps\[(\d+)\]\.(actionName|values)/.exec(detail);
  const action = /^The action "(.*)" does not exist/.exec(detail);
  const actionIndex = action ? steps.findIndex(s => s.actionName === action[1]) : -1;
  if (step) placed[`step-${step[1]}-${step[2]}`] = detail;
  else if (actionIndex >= 0) placed[`step-${actionIndex}-actionName`] = detail;
  else if (/^(The workflow name|name )/.test(detail) || error.status === 409) placed.name = detail;
  else if (/^(collectionName |The collection ")/.test(detail)) placed.collectionName = detail;
  else if (/^steps /.test(detail)) placed.steps = detail;
  else return { placed, rest: detail };

  return { placed, rest: undefined };
}

/** Reads a step's form values: a JSON object, or the message to show next to the field. */
function parseValues(text: string): object | string {
  if (text.trim() === '') return {};
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value === 'object' && value !== null && !Array.isArray(value)) return value;
  } catch {
    // Falls through to the message.
  }

  return 'Form values must be a JSON object, like {"Status": "shipped"}';
}

/**
 * A workflow's definition: name, collection, steps (an action and its form values as JSON,
 * checked here as a JSON object; the platform checks the rest against the environment's schema
 * and its messages land next to their field), and whether its webhook is enabled.
 *
 * @example
 * ```tsx
 * <WorkflowForm heading="New workflow" submitLabel="Create workflow" onSave={body => create(body)} />
 * ```
 */
export function WorkflowForm({
  heading,
  submitLabel,
  initial,
  onSave,
}: {
  readonly heading: string;
  readonly submitLabel: string;
  /** The workflow to edit; absent, the form creates one (with its webhook switch). */
  readonly initial?: WorkflowDefinition;
  readonly onSave: (body: WorkflowBody) => Promise<unknown>;
}) {
  const [name, setName] = useState(initial?.name ?? '');
  const [collectionName, setCollectionName] = useState(initial?.collectionName ?? '');
  const [webhookEnabled, setWebhookEnabled] = useState(false);
  const [steps, setSteps] = useState<readonly StepDraft[]>(
    initial?.steps.map(step => ({
      actionName: step.actionName,
      valuesText: JSON.stringify(step.values ?? {}, null, 2),
    })) ?? [{ actionName: '', valuesText: '{}' }],
  );
  const [jsonErrors, setJsonErrors] = useState<Record<number, string>>({});
  const submit = useSubmit();
  const { placed, rest } = placeError(submit.error, steps);
  const setStep = (index: number, change: Partial<StepDraft>) =>
    setSteps(steps.map((step, i) => (i === index ? { ...step, ...change } : step)));
  const headingId = `workflow-form-${heading.replace(/\W+/g, '-').toLowerCase()}`;

  return (
    <form
      class="card form"
      aria-labelledby={headingId}
      onSubmit={event => {
        event.preventDefault();
        const parsed = steps.map(step => parseValues(step.valuesText));
        const errors: Record<number, string> = {};
        parsed.forEach((value, index) => {
          if (typeof value === 'string') errors[index] = value;
        });
        setJsonErrors(errors);
        if (Object.keys(errors).length > 0) return;
        void submit.run(() =>
          onSave({
            name,
            collectionName,
            ...(initial ? {} : { webhookEnabled }),
            steps: steps.map((step, index) => ({
              actionName: step.actionName,
              values: parsed[index] as object,
            })),
          }),
        );
      }}
    >
      <h2 id={headingId}>{heading}</h2>
      <Alert kind="error">{rest}</Alert>
      <Field
        label="Workflow name"
        error={placed.name}
        render={props => (
          <input
            {...props}
            required
            value={name}
            onInput={event => setName(event.currentTarget.value)}
          />
        )}
      />
      <Field
        label="Collection"
        hint="The collection whose records the workflow runs on."
        error={placed.collectionName}
        render={props => (
          <input
            {...props}
            required
            value={collectionName}
            onInput={event => setCollectionName(event.currentTarget.value)}
          />
        )}
      />
      <Alert kind="error">{placed.steps}</Alert>
      {steps.map((step, index) => (
        <fieldset key={index}>
          <legend>Step {index + 1}</legend>
          <Field
            label={`Step ${index + 1} action`}
            hint="The name of an action of the collection."
            error={placed[`step-${index}-actionName`]}
            render={props => (
              <input
                {...props}
                required
                value={step.actionName}
                onInput={event => setStep(index, { actionName: event.currentTarget.value })}
              />
            )}
          />
          <Field
            label={`Step ${index + 1} form values (JSON)`}
            error={jsonErrors[index] ?? placed[`step-${index}-values`]}
            render={props => (
              <textarea
                {...props}
                class="mono"
                rows={3}
                value={step.valuesText}
                onInput={event => setStep(index, { valuesText: event.currentTarget.value })}
              />
            )}
          />
          {steps.length > 1 ? (
            <button
              type="button"
              class="button-secondary"
              onClick={() => setSteps(steps.filter((_, i) => i !== index))}
            >
              Remove step {index + 1}
            </button>
          ) : null}
        </fieldset>
      ))}
      <div class="actions">
        <button
          type="button"
          class="button-secondary"
          disabled={steps.length >= 20}
          onClick={() => setSteps([...steps, { actionName: '', valuesText: '{}' }])}
        >
          Add step
        </button>
      </div>
      {initial ? null : (
        <label class="checkbox">
          <input
            type="checkbox"
            checked={webhookEnabled}
            onChange={event => setWebhookEnabled(event.currentTarget.checked)}
          />
          Enable the webhook
        </label>
      )}
      <button type="submit" disabled={submit.busy}>
        {submitLabel}
      </button>
    </form>
  );
}
