import type {
  ActionField,
  ActionFieldOption,
  ActionFormElement,
  ActionFormMetas,
  ActionLayoutElement,
  RecordData,
} from '@grove/datasource-toolkit';
import type { ActionContext } from './action-context';
import {
  childrenOf,
  collectFields,
  fieldIdOf,
  isFormField,
  isLayout,
  type FormElementRecord,
} from './form-element-kinds';
import { toHandlerFileValue, toWireFileValue } from './file-values';

/** What the evaluator needs besides the elements. */
export interface FormEvaluatorOptions {
  /** The context handlers receive (its `formValues` is a read-only view of `values`). */
  readonly context: ActionContext;
  /** The form values, completed in place with defaults and forced values. */
  readonly values: RecordData;
  /** The keys handlers read (or asked `hasFieldChanged` about): those fields are watched. */
  readonly used: ReadonlySet<string>;
  readonly metas: ActionFormMetas;
  /** `action '<name>' of collection '<name>'`, for error messages. */
  readonly where: string;
}

// Properties that are structure, not values to evaluate.
const structuralKeys = new Set(['type', 'component', 'id', 'fields', 'elements']);
// Field properties that have their own key in the evaluated field; others are widget options.
const fieldKeys = new Set([
  'type',
  'label',
  'id',
  'description',
  'isRequired',
  'isReadOnly',
  'enumValues',
  'collectionName',
  'placeholder',
  'widget',
  'options',
  'search',
]);

/**
 * Turns a form definition into the form the frontend displays: ids default to labels, defaults
 * and forced values fill `formValues`, hidden elements are dropped (an element is shown only when
 * its `if` returns a truthy value — docs/decisions.md#d8-form-field-conditions), every remaining
 * handler is evaluated, and fields other handlers read are marked `watchChanges`.
 *
 * @example
 * ```ts
 * const form = await new FormEvaluator({ context, values, used, metas: {}, where }).evaluate(elements);
 * ```
 */
export class FormEvaluator {
  constructor(private readonly options: FormEvaluatorOptions) {}

  async evaluate(definition: readonly FormElementRecord[]): Promise<ActionFormElement[]> {
    let elements = definition.map(copyElement);
    const { searchField, includeHiddenFields } = this.options.metas;
    if (searchField !== undefined) {
      const field = findField(elements, searchField);
      elements = field ? [field] : [];
    }

    await this.applyValues(elements);
    if (!includeHiddenFields) elements = await this.dropHidden(elements);
    else for (const element of elements) deleteIfs(element);
    for (const element of elements) await this.evaluateProperties(element);

    // Last: `used` is complete only once every handler ran.
    return elements.map(element => this.finalize(element));
  }

  /** Forced values (`value`) and, for fields still without a value, defaults, in display order. */
  private async applyValues(elements: FormElementRecord[]): Promise<void> {
    const { values, where } = this.options;
    for (const field of collectFields(elements)) {
      const id = fieldIdOf(field);
      let value: unknown;
      if (field.value !== undefined) value = await this.resolve(field.value);
      else if (values[id] === undefined) value = await this.resolve(field.defaultValue);
      if (value !== undefined) {
        values[id] = toHandlerFileValue(field.type, value, () => `field '${id}' of ${where}`);
      }
      delete field.value;
      delete field.defaultValue;
    }
  }

  private async dropHidden(elements: FormElementRecord[]): Promise<FormElementRecord[]> {
    const kept: FormElementRecord[] = [];
    for (const element of elements) {
      const condition = element.if;
      delete element.if;
      if (condition !== undefined && !(await this.resolve(condition))) continue;

      if (isLayout(element, 'Row') || isLayout(element, 'Page')) {
        const key = isLayout(element, 'Row') ? 'fields' : 'elements';
        const children = await this.dropHidden(element[key] as FormElementRecord[]);
        if (children.length === 0) continue;
        element[key] = children;
      }
      kept.push(element);
    }

    return kept;
  }

  private async evaluateProperties(element: FormElementRecord): Promise<void> {
    for (const [key, property] of Object.entries(element)) {
      if (structuralKeys.has(key) || typeof property !== 'function') continue;
      element[key] =
        key === 'options' && isFormField(element)
          ? await property(
              this.options.context,
              this.options.metas.searchValues?.[fieldIdOf(element)] ?? null,
            )
          : await property(this.options.context);
    }
    for (const child of childrenOf(element) ?? []) await this.evaluateProperties(child);
  }

  private finalize(element: FormElementRecord): ActionFormElement {
    if (isFormField(element)) return this.finalizeField(element);

    const { component, content, nextButtonLabel, previousButtonLabel } = element;
    const children = childrenOf(element);
    const layout: ActionLayoutElement = {
      type: 'Layout',
      component: component as ActionLayoutElement['component'],
      ...(content === undefined ? {} : { content: String(content) }),
      ...(isLayout(element, 'Row') && children
        ? { fields: children.map(child => this.finalizeField(child)) }
        : {}),
      ...(isLayout(element, 'Page') && children
        ? { elements: children.map(child => this.finalize(child)) }
        : {}),
      ...(nextButtonLabel === undefined ? {} : { nextButtonLabel: String(nextButtonLabel) }),
      ...(previousButtonLabel === undefined
        ? {}
        : { previousButtonLabel: String(previousButtonLabel) }),
    };

    return layout;
  }

  private finalizeField(field: FormElementRecord): ActionField {
    const id = fieldIdOf(field);
    const known = Object.fromEntries(
      Object.entries(field).filter(([key, value]) => fieldKeys.has(key) && value !== undefined),
    );
    const widgetOptions = Object.fromEntries(
      Object.entries(field).filter(([key, value]) => !fieldKeys.has(key) && value !== undefined),
    );

    return {
      ...(known as Omit<ActionField, 'id' | 'watchChanges'>),
      id,
      value: toWireFileValue(field.type, this.options.values[id]),
      watchChanges: this.options.used.has(id),
      ...(Array.isArray(field.options) ? { options: field.options.map(toOption) } : {}),
      ...(Object.keys(widgetOptions).length > 0 ? { widgetOptions } : {}),
    };
  }

  private async resolve(property: unknown): Promise<unknown> {
    return typeof property === 'function' ? property(this.options.context) : property;
  }
}

/** A deep enough copy: definitions are never mutated; fields get their id. */
function copyElement(element: FormElementRecord): FormElementRecord {
  const copy: FormElementRecord = { ...element };
  if (isFormField(copy)) copy.id = fieldIdOf(copy);
  if (isLayout(copy, 'Row')) copy.fields = (copy.fields as FormElementRecord[]).map(copyElement);
  if (isLayout(copy, 'Page')) {
    copy.elements = (copy.elements as FormElementRecord[]).map(copyElement);
  }

  return copy;
}

/** The searched field (by id, else by label), wherever it is in the form. */
function findField(
  elements: FormElementRecord[],
  idOrLabel: string,
): FormElementRecord | undefined {
  const fields = collectFields(elements);

  return (
    fields.find(field => fieldIdOf(field) === idOrLabel) ??
    fields.find(field => field.label === idOrLabel)
  );
}

function deleteIfs(element: FormElementRecord): void {
  delete element.if;
  for (const child of childrenOf(element) ?? []) deleteIfs(child);
}

function toOption(option: unknown): ActionFieldOption {
  if (typeof option === 'object' && option !== null && 'value' in option) {
    const { label, value } = option as { label?: unknown; value: ActionFieldOption['value'] };

    return { label: label === undefined ? String(value) : String(label), value };
  }

  return { label: String(option), value: option as ActionFieldOption['value'] };
}
