import type { ActionFieldType, CompositeId, DataUri } from '@grove/datasource-toolkit';

/** A property value, or a (possibly async) function of the action context computing it. */
export type ValueOrHandler<Context, T> = T | ((context: Context) => T | Promise<T>);

/** The value each form field type holds in `formValues` (files arrive parsed). */
export interface ActionFieldValueMap {
  Boolean: boolean;
  Collection: CompositeId | string | number;
  Date: Date | string;
  Dateonly: string;
  Time: string;
  Enum: string;
  EnumList: string[];
  File: DataUri;
  FileList: DataUri[];
  Json: unknown;
  Number: number;
  NumberList: number[];
  String: string;
  StringList: string[];
}

/** The value a definition may give to a field (files may be written as data URIs). */
export type ActionFieldDefinitionValue<T extends ActionFieldType> = T extends 'File'
  ? DataUri | string
  : T extends 'FileList'
    ? Array<DataUri | string>
    : ActionFieldValueMap[T];

/** Widgets a form field can use (the agent maps them to the frontend's editors). */
export type ActionFieldWidget =
  | 'Dropdown'
  | 'RadioGroup'
  | 'CheckboxGroup'
  | 'Checkbox'
  | 'TextInput'
  | 'TextInputList'
  | 'TextArea'
  | 'RichText'
  | 'NumberInput'
  | 'NumberInputList'
  | 'CurrencyInput'
  | 'ColorPicker'
  | 'DatePicker'
  | 'TimePicker'
  | 'AddressAutocomplete'
  | 'UserDropdown'
  | 'FilePicker'
  | 'JsonEditor';

/** An option of a Dropdown / RadioGroup / CheckboxGroup: a bare value or a label/value pair. */
export type ActionFieldOptionDefinition<V> =
  V | { readonly label: string; readonly value: V | string | number | boolean | null };

/**
 * The options of a choice widget: a list, or a function of the context. With `search: 'dynamic'`
 * the function also receives the text typed in the dropdown (null when nothing is searched).
 */
export type ActionFieldOptions<Context, V> =
  | ReadonlyArray<ActionFieldOptionDefinition<V>>
  | ((
      context: Context,
      searchValue: string | null,
    ) =>
      | ReadonlyArray<ActionFieldOptionDefinition<V>>
      | Promise<ReadonlyArray<ActionFieldOptionDefinition<V>>>);

/** Properties shared by every field; each one but `type`, `label`, `id` and `widget` may be a handler. */
interface BaseFieldDefinition<Context, T extends ActionFieldType> {
  readonly type: T;
  readonly label: string;
  /** The key of the field in `formValues`; defaults to the label. */
  readonly id?: string;
  readonly description?: ValueOrHandler<Context, string>;
  readonly isRequired?: ValueOrHandler<Context, boolean>;
  readonly isReadOnly?: ValueOrHandler<Context, boolean>;
  /** Applied to `formValues` when the field has no value yet (first load). */
  readonly defaultValue?: ValueOrHandler<Context, ActionFieldDefinitionValue<T> | null>;
  /** Forces the value of the field at every evaluation of the form. */
  readonly value?: ValueOrHandler<Context, ActionFieldDefinitionValue<T> | null>;
  /**
   * The field is shown only when this returns a truthy value
   * (docs/decisions.md#d8-form-field-conditions).
   */
  readonly if?: (context: Context) => unknown;
  readonly widget?: ActionFieldWidget;
  readonly placeholder?: ValueOrHandler<Context, string>;
  readonly options?: ActionFieldOptions<Context, string | number | boolean>;
  readonly search?: 'static' | 'dynamic' | 'disabled';
  // Widget parameters (each applies to the widgets the agent protocol lists it for).
  readonly rows?: ValueOrHandler<Context, number>;
  readonly min?: ValueOrHandler<Context, number>;
  readonly max?: ValueOrHandler<Context, number>;
  readonly step?: ValueOrHandler<Context, number>;
  readonly currency?: ValueOrHandler<Context, string>;
  readonly base?: ValueOrHandler<Context, 'Unit' | 'Cent'>;
  readonly enableOpacity?: ValueOrHandler<Context, boolean>;
  readonly quickPalette?: ValueOrHandler<Context, string[]>;
  readonly format?: ValueOrHandler<Context, string>;
  readonly minDate?: ValueOrHandler<Context, Date | string>;
  readonly maxDate?: ValueOrHandler<Context, Date | string>;
  readonly allowDuplicates?: ValueOrHandler<Context, boolean>;
  readonly allowEmptyValues?: ValueOrHandler<Context, boolean>;
  readonly enableReorder?: ValueOrHandler<Context, boolean>;
  readonly extensions?: ValueOrHandler<Context, string[]>;
  readonly maxSizeMb?: ValueOrHandler<Context, number>;
  readonly maxCount?: ValueOrHandler<Context, number>;
}

/** Extra properties some field types need. */
interface FieldTypeExtras<Context> {
  Collection: { readonly collectionName: ValueOrHandler<Context, string> };
  Enum: { readonly enumValues: ValueOrHandler<Context, string[]> };
  EnumList: { readonly enumValues: ValueOrHandler<Context, string[]> };
}

/**
 * A field of an action form, by type (Boolean, Collection, Date, Dateonly, Time, Enum, EnumList,
 * File, FileList, Json, Number, NumberList, String, StringList).
 *
 * @example
 * ```ts
 * const field: DynamicField<ActionContext> = {
 *   type: 'Enum', label: 'Reason', enumValues: ['duplicate', 'spam'], isRequired: true,
 *   if: context => context.formValues.Notify === true,
 * };
 * ```
 */
export type DynamicField<Context> = {
  [T in ActionFieldType]: BaseFieldDefinition<Context, T> &
    (T extends keyof FieldTypeExtras<Context> ? FieldTypeExtras<Context>[T] : unknown);
}[ActionFieldType];

interface BaseLayoutDefinition<Context> {
  readonly type: 'Layout';
  /** The element is shown only when this returns a truthy value. */
  readonly if?: (context: Context) => unknown;
}

/** A horizontal line between fields. */
export interface DynamicSeparator<Context> extends BaseLayoutDefinition<Context> {
  readonly component: 'Separator';
}

/** A block of HTML (static or computed). */
export interface DynamicHtmlBlock<Context> extends BaseLayoutDefinition<Context> {
  readonly component: 'HtmlBlock';
  readonly content: ValueOrHandler<Context, string>;
}

/** Fields displayed side by side. */
export interface DynamicRow<Context> extends BaseLayoutDefinition<Context> {
  readonly component: 'Row';
  readonly fields: ReadonlyArray<DynamicField<Context>>;
}

/** One step of a multi-page form; a form with pages contains only pages. */
export interface DynamicPage<Context> extends BaseLayoutDefinition<Context> {
  readonly component: 'Page';
  readonly elements: ReadonlyArray<
    | DynamicField<Context>
    | DynamicSeparator<Context>
    | DynamicHtmlBlock<Context>
    | DynamicRow<Context>
  >;
  readonly nextButtonLabel?: ValueOrHandler<Context, string>;
  readonly previousButtonLabel?: ValueOrHandler<Context, string>;
}

/** Any element of an action form. */
export type DynamicFormElement<Context> =
  | DynamicField<Context>
  | DynamicSeparator<Context>
  | DynamicHtmlBlock<Context>
  | DynamicRow<Context>
  | DynamicPage<Context>;

/**
 * The form of an action: a list of elements, or a (possibly async) function of the context
 * returning one.
 *
 * @example
 * ```ts
 * const form: DynamicForm<ActionContext> = [
 *   { type: 'String', label: 'Reason', isRequired: true },
 *   { type: 'Layout', component: 'Separator' },
 *   { type: 'Boolean', label: 'Notify', defaultValue: true },
 * ];
 * ```
 */
export type DynamicForm<Context> =
  | ReadonlyArray<DynamicFormElement<Context>>
  | ((
      context: Context,
    ) =>
      | ReadonlyArray<DynamicFormElement<Context>>
      | Promise<ReadonlyArray<DynamicFormElement<Context>>>);
