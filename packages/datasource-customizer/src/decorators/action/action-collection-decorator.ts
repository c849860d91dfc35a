import {
  ValidationError,
  type ActionFormElement,
  type ActionFormMetas,
  type ActionResult,
  type ActionSchema,
  type Caller,
  type CollectionSchema,
  type Filter,
  type RecordData,
} from '@grove/datasource-toolkit';
import { CollectionDecorator } from '../collection-decorator';
import { ActionContext, type ActionContextOptions } from './action-context';
import { ActionContextSingle } from './action-context-single';
import type { ActionDefinition } from './action-definition';
import { ActionResultBuilder } from './action-result-builder';
import { parseFileValues } from './file-values';
import { FormEvaluator } from './form-evaluator';
import { collectFields, fieldIdOf, type FormElementRecord } from './form-element-kinds';
import { isStaticForm } from './is-static-form';
import { validateForm } from './validate-form';

interface RegisteredAction {
  readonly definition: ActionDefinition;
  readonly schema: ActionSchema;
}

const scopes = ['Single', 'Bulk', 'Global'];

/**
 * The action layer: runs the actions added with `addAction` and evaluates their forms; other
 * action names go to the child. Handlers query this very layer (so their writes skip the write,
 * hook, validation and binary layers above it).
 *
 * Files: File/FileList values arrive as data URIs (the wire form) and reach `execute` and the
 * field-level form handlers parsed as `{ mimeType, buffer, name?, charset? }`; a form *function*
 * receives them as sent (their field types are only known once it returned). `getForm` answers
 * file values as data URIs again.
 *
 * @example
 * ```ts
 * books.addAction('Mark as live', {
 *   scope: 'Bulk',
 *   execute: async context => context.collection.update(context.filter, { live: true }),
 * });
 * ```
 */
export class ActionCollectionDecorator extends CollectionDecorator {
  private readonly actions = new Map<string, RegisteredAction>();

  /** Adds (or replaces) an action; its definition and static form are checked here. */
  addAction(name: string, definition: ActionDefinition): void {
    if (typeof name !== 'string' || name === '') {
      throw new ValidationError(`An action of collection '${this.name}' needs a non-empty name.`);
    }
    const where = `action '${name}' of collection '${this.name}'`;
    if (typeof definition !== 'object' || definition === null) {
      throw new ValidationError(`The definition of ${where} must be an object.`);
    }
    if (!scopes.includes(definition.scope)) {
      throw new ValidationError(
        `Invalid scope '${String(definition.scope)}' for ${where}: expected 'Single', 'Bulk' or 'Global'.`,
      );
    }
    if (typeof definition.execute !== 'function') {
      throw new ValidationError(`The execute handler of ${where} must be a function.`);
    }
    if (definition.form !== undefined && typeof definition.form !== 'function') {
      validateForm(definition.form, name, this.name);
      this.checkTargetCollections(definition.form as unknown as FormElementRecord[], where);
    }

    const { scope, generateFile, description, submitButtonLabel } = definition;
    this.actions.set(name, {
      definition,
      schema: {
        scope,
        generateFile: Boolean(generateFile),
        staticForm: isStaticForm(definition.form),
        ...(description === undefined ? {} : { description }),
        ...(submitButtonLabel === undefined ? {} : { submitButtonLabel }),
      },
    });
    this.markSchemaAsDirty();
  }

  override async execute(
    caller: Caller,
    name: string,
    formValues: RecordData,
    filter?: Filter,
  ): Promise<ActionResult> {
    const action = this.actions.get(name)?.definition;
    if (!action) return super.execute(caller, name, formValues, filter);

    const values: RecordData = { ...formValues };
    if (action.form) {
      const formContext = this.makeContext(caller, action, {
        actionName: name,
        formValues: { ...formValues },
        ...(filter ? { filter } : {}),
        formEvaluation: { used: new Set() },
      });
      parseFileValues(await this.loadForm(name, action, formContext), values, this.where(name));
    }

    const resultBuilder = new ActionResultBuilder();
    const context = this.makeContext(caller, action, {
      actionName: name,
      formValues: values,
      ...(filter ? { filter } : {}),
    });
    // The three scopes differ only in their context class, which makeContext picked.
    const result = await (action.execute as (c: ActionContext, r: ActionResultBuilder) => unknown)(
      context,
      resultBuilder,
    );
    if (result !== undefined && result !== null) return result as ActionResult;

    const headers = resultBuilder.responseHeaders;

    return {
      type: 'Success',
      message: 'Success',
      invalidated: new Set(),
      ...(Object.keys(headers).length > 0 ? { responseHeaders: headers } : {}),
    };
  }

  override async getForm(
    caller: Caller,
    name: string,
    formValues?: RecordData,
    filter?: Filter,
    metas?: ActionFormMetas,
  ): Promise<ActionFormElement[]> {
    const action = this.actions.get(name)?.definition;
    if (!action) return super.getForm(caller, name, formValues, filter, metas);
    if (!action.form) return [];

    const values: RecordData = { ...formValues };
    const used = new Set<string>();
    const context = this.makeContext(caller, action, {
      actionName: name,
      formValues: values,
      ...(filter ? { filter } : {}),
      formEvaluation: {
        used,
        ...(metas?.changedField === undefined ? {} : { changedField: metas.changedField }),
      },
    });
    const elements = await this.loadForm(name, action, context);
    parseFileValues(elements, values, this.where(name));

    return new FormEvaluator({
      context,
      values,
      used,
      metas: metas ?? {},
      where: this.where(name),
    }).evaluate(elements);
  }

  protected override refineSchema(childSchema: CollectionSchema): CollectionSchema {
    for (const [name, { schema }] of this.actions) childSchema.actions[name] = { ...schema };

    return childSchema;
  }

  /** Static `collectionName`s must name collections of the data source. */
  private checkTargetCollections(form: FormElementRecord[], where: string): void {
    for (const field of collectFields(form)) {
      const target = field.collectionName;
      if (field.type !== 'Collection' || typeof target !== 'string') continue;
      if (!this.dataSource.collections.some(collection => collection.name === target)) {
        throw new ValidationError(
          `The Collection field '${fieldIdOf(field)}' of ${where} targets an unknown collection ` +
            `'${target}'. Available collections are: ` +
            `[${this.dataSource.collections.map(collection => `'${collection.name}'`).join(', ')}].`,
        );
      }
    }
  }

  private async loadForm(
    name: string,
    action: ActionDefinition,
    context: ActionContext,
  ): Promise<FormElementRecord[]> {
    const { form } = action;
    if (typeof form !== 'function') return (form ?? []) as unknown as FormElementRecord[];

    const elements = await (form as (c: ActionContext) => unknown)(context);
    validateForm(elements, name, this.name);

    return elements as FormElementRecord[];
  }

  private makeContext(
    caller: Caller,
    action: ActionDefinition,
    options: ActionContextOptions,
  ): ActionContext {
    return action.scope === 'Single'
      ? new ActionContextSingle(this, caller, options)
      : new ActionContext(this, caller, options);
  }

  private where(name: string): string {
    return `action '${name}' of collection '${this.name}'`;
  }
}
