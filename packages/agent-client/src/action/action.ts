import { NotFoundError } from '@grove/datasource-toolkit';
import { isAgentClientError } from '../errors/agent-client-error';
import type { AgentHttp } from '../http/agent-http';
import type { AgentSchemaAction } from '../schema/agent-schema';
import { ActionFieldHandle } from './action-field-handle';
import type { ActionFieldKind } from './action-field-handle';
import { toActionLayout } from './action-layout';
import type { ActionLayout } from './action-layout';
import type {
  ActionFieldChoice,
  ActionForm,
  ActionFormField,
  ActionFormLayoutElement,
} from './action-form-field';
import type { ActionExecuteResult } from './action-result';
import { fieldChoices } from './field-choices';
import { readActionResult } from './read-action-result';
import { toWireValue } from './to-wire-value';

/** Where an action runs, resolved by `CollectionClient.action`. */
export interface ActionContext {
  readonly http: AgentHttp;
  readonly collection: string;
  /** Path of the action below the mount point: `/_actions/<collection>/<index>/<slug>`. */
  readonly path: string;
  readonly schema?: AgentSchemaAction;
  /** Packed ids of the selected records (empty for global actions). */
  readonly ids: readonly string[];
  /** Attributes of the related-data view the action is run from (`parent_*`). */
  readonly parent?: Readonly<Record<string, string>>;
}

function readForm(body: unknown): ActionForm {
  const { fields, layout } = (body ?? {}) as { fields?: unknown; layout?: unknown };

  return {
    fields: Array.isArray(fields) ? (fields as ActionFormField[]) : [],
    layout: Array.isArray(layout) ? (layout as ActionFormLayoutElement[]) : [],
  };
}

/**
 * An action with its form, as the frontend shows it: read and fill fields (change hooks run as
 * the frontend runs them), search dynamic dropdowns, then execute.
 *
 * @example
 * ```ts
 * const action = await client.collection('orders').action('Refund', { recordId: 42 });
 * await action.setFields({ Reason: 'damaged', Amount: 10 });
 * const result = await action.execute();
 * if (result.type === 'Success') console.log(result.message);
 * ```
 */
export class Action {
  private form: ActionForm;

  private constructor(
    private readonly context: ActionContext,
    form: ActionForm,
  ) {
    this.form = form;
  }

  /** Builds an action and loads its form: from the schema when it is static, else `hooks/load`. */
  static async load(context: ActionContext): Promise<Action> {
    const { schema } = context;
    if (schema?.hooks?.load === false && schema.fields !== undefined) {
      const fields = schema.fields.map(({ defaultValue, ...field }) => ({
        ...field,
        value: defaultValue,
      }));

      return new Action(context, { fields, layout: schema.layout ?? [] });
    }
    const action = new Action(context, { fields: [], layout: [] });
    try {
      action.form = readForm(await action.hook('load', { values: {} }, 'action-requests'));
    } catch (error) {
      // An agent answers 404 on hooks/load for an action without a dynamic form: unless the
      // schema declares a load hook, that is an empty form (as the vendor's client reads it).
      const noDynamicForm =
        isAgentClientError(error) && error.status === 404 && schema !== undefined;
      if (!noDynamicForm || schema.hooks?.load === true) throw error;
    }

    return action;
  }

  /** The fields of the form as the agent last answered them, with their current values. */
  getFields(): readonly ActionFormField[] {
    return this.form.fields;
  }

  /**
   * The layout of the form (`[]` when the form has none): the elements as the agent sent them,
   * navigable with `page(i)` / `element(i)` as in the vendor's client.
   */
  getLayout(): ActionLayout {
    return toActionLayout(this.form.layout);
  }

  /** The current values, keyed by field id (as `execute` sends them). */
  getValues(): Record<string, unknown> {
    const entries = this.form.fields
      .filter(field => field.value !== undefined)
      .map(field => [field.field, field.value] as const);

    return Object.fromEntries(entries);
  }

  /** Tells whether the form has a field with this id or label. */
  hasField(idOrLabel: string): boolean {
    return this.findField(idOrLabel) !== undefined;
  }

  /** The vendor client's name of {@link hasField}. */
  doesFieldExist(idOrLabel: string): boolean {
    return this.hasField(idOrLabel);
  }

  /** A handle on a field (by id, then label) to read and fill it. Throws for an unknown field. */
  getField(idOrLabel: string): ActionFieldHandle {
    return new ActionFieldHandle(this, this.requireField(idOrLabel).field);
  }

  // The vendor client's typed getters: the same handle, with the conversion of its kind. Like
  // the vendor's, they do not check the field's widget.

  getFieldNumber(idOrLabel: string): ActionFieldHandle {
    return this.typedField(idOrLabel, 'Number');
  }

  getFieldString(idOrLabel: string): ActionFieldHandle {
    return this.typedField(idOrLabel, 'String');
  }

  getFieldJson(idOrLabel: string): ActionFieldHandle {
    return this.typedField(idOrLabel, 'Json');
  }

  getFieldNumberList(idOrLabel: string): ActionFieldHandle {
    return this.typedField(idOrLabel, 'NumberList');
  }

  getFieldStringList(idOrLabel: string): ActionFieldHandle {
    return this.typedField(idOrLabel, 'StringList');
  }

  getDateField(idOrLabel: string): ActionFieldHandle {
    return this.typedField(idOrLabel, 'Date');
  }

  getCheckboxField(idOrLabel: string): ActionFieldHandle {
    return this.typedField(idOrLabel, 'Checkbox');
  }

  getCheckboxGroupField(idOrLabel: string): ActionFieldHandle {
    return this.typedField(idOrLabel, 'CheckboxGroup');
  }

  getDropdownField(idOrLabel: string): ActionFieldHandle {
    return this.typedField(idOrLabel, 'Dropdown');
  }

  getRadioGroupField(idOrLabel: string): ActionFieldHandle {
    return this.typedField(idOrLabel, 'RadioGroup');
  }

  /** An enum field: `getOptions()` lists its values (strings), `select(value)` picks one. */
  getEnumField(idOrLabel: string): ActionFieldHandle<string> {
    return new ActionFieldHandle<string>(this, this.requireField(idOrLabel).field, 'Enum');
  }

  getColorPickerField(idOrLabel: string): ActionFieldHandle {
    return this.typedField(idOrLabel, 'ColorPicker');
  }

  /**
   * Like {@link setFields}, but skips the names the form does not have (in the form as it is
   * when each value is set) and returns them.
   */
  async tryToSetFields(values: Readonly<Record<string, unknown>>): Promise<string[]> {
    const skipped: string[] = [];
    for (const [idOrLabel, value] of Object.entries(values)) {
      if (this.hasField(idOrLabel)) await this.setFields({ [idOrLabel]: value });
      else skipped.push(idOrLabel);
    }

    return skipped;
  }

  /**
   * Sets field values in order; each field the form logic depends on (`hook: "changeHook"`)
   * triggers `hooks/change` and the form is replaced by the agent's answer.
   */
  async setFields(values: Readonly<Record<string, unknown>>): Promise<void> {
    for (const [idOrLabel, value] of Object.entries(values)) {
      const { field, hook } = this.requireField(idOrLabel);
      this.form = {
        ...this.form,
        fields: this.form.fields.map(f =>
          f.field === field ? { ...f, value: toWireValue(value) } : f,
        ),
      };
      if (hook === 'changeHook') {
        const answer = await this.hook('change', {
          changed_field: field,
          fields: this.form.fields,
        });
        this.form = readForm(answer);
      }
    }
  }

  /** Runs a dynamic search on a dropdown (`hooks/search`) and returns the options found. */
  async search(idOrLabel: string, text: string): Promise<ActionFieldChoice[]> {
    const { field } = this.requireField(idOrLabel);
    const fields = this.form.fields.map(f => (f.field === field ? { ...f, searchValue: text } : f));
    const answer = readForm(await this.hook('search', { search_field: field, fields }));
    const found = answer.fields.find(f => f.field === field);
    if (found === undefined) return [];
    this.form = {
      ...this.form,
      fields: this.form.fields.map(f => (f.field === field ? { ...found, value: f.value } : f)),
    };

    return fieldChoices(found);
  }

  /**
   * Executes the action with the current values and returns its typed result.
   * `approvalRequestMessage` is accepted for the vendor client's signature; no agent reads it.
   */
  async execute(
    options: { signedApprovalRequest?: string; approvalRequestMessage?: string } = {},
  ): Promise<ActionExecuteResult> {
    const { http, path, schema } = this.context;
    const response = await http.send({
      method: 'POST',
      path,
      body: this.body('custom-action-requests', {
        values: this.getValues(),
        all_records_subset_query: null,
        smart_action_id: schema?.id ?? null,
        signed_approval_request: options.signedApprovalRequest ?? null,
      }),
      // The action's "Error" result is a 400; readActionResult tells it from a failure.
      allowStatus: status => status === 400,
    });

    return readActionResult(response, http.url(path));
  }

  private findField(idOrLabel: string): ActionFormField | undefined {
    return (
      this.form.fields.find(f => f.field === idOrLabel) ??
      this.form.fields.find(f => f.label === idOrLabel)
    );
  }

  private requireField(idOrLabel: string): ActionFormField {
    const field = this.findField(idOrLabel);
    if (field === undefined) {
      throw new NotFoundError(`Field "${idOrLabel}" does not exist in this form`, {
        name: 'UnknownActionFieldError',
      });
    }

    return field;
  }

  private typedField(idOrLabel: string, kind: ActionFieldKind): ActionFieldHandle {
    return new ActionFieldHandle(this, this.requireField(idOrLabel).field, kind);
  }

  private body(type: string, attributes: Record<string, unknown>): unknown {
    return {
      data: {
        type,
        attributes: {
          collection_name: this.context.collection,
          ids: this.context.ids,
          all_records: false,
          all_records_ids_excluded: [],
          ...this.context.parent,
          ...attributes,
        },
      },
    };
  }

  private hook(
    name: 'load' | 'change' | 'search',
    attributes: Record<string, unknown>,
    type = 'custom-action-hook-requests',
  ): Promise<unknown> {
    return this.context.http.json({
      method: 'POST',
      path: `${this.context.path}/hooks/${name}`,
      body: this.body(type, attributes),
    });
  }
}
