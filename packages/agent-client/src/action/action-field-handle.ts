import { NotFoundError, ValidationError } from '@grove/datasource-toolkit';
import type { Action } from './action';
import type { ActionFieldChoice, ActionFormField } from './action-form-field';
import { fieldChoices } from './field-choices';

/** The helper kinds of the vendor client's typed getters (`getFieldNumber`, `getDropdownField`…). */
export type ActionFieldKind =
  | 'Number'
  | 'String'
  | 'Json'
  | 'Date'
  | 'NumberList'
  | 'StringList'
  | 'Checkbox'
  | 'CheckboxGroup'
  | 'Dropdown'
  | 'RadioGroup'
  | 'Enum'
  | 'ColorPicker';

/** The type `fill` converts to, per helper kind (others: the field's own type). */
const fillTypes: Partial<Record<ActionFieldKind | 'Field', string>> = {
  Number: 'Number',
  String: 'String',
  Json: 'Json',
};

/**
 * A field of an action form, read fresh from the form at every call (change hooks may replace
 * it). Its setters go through `Action.setFields`, so change hooks run.
 *
 * @example
 * ```ts
 * await action.getField('Amount').fill('10'); // Number field → 10
 * await action.getField('Notify').check();
 * await action.getField('Country').select('France'); // by label or value
 * await action.getField('Tags').add('urgent');
 * ```
 */
export class ActionFieldHandle<TOption = ActionFieldChoice> {
  constructor(
    private readonly action: Action,
    /** The field id (the key of `values`). */
    readonly id: string,
    /**
     * The helper kind a typed getter asked for (`getFieldNumber` → `Number`…): it decides how
     * `fill` converts, that a radio group's `check` selects, and that an enum's `getOptions`
     * lists its values. Without it, the field's own type decides.
     */
    readonly kind?: ActionFieldKind,
  ) {}

  /** The field as the agent serialized it, with its current value. */
  getPlainField(): ActionFormField {
    const field = this.action.getFields().find(f => f.field === this.id);
    if (field === undefined) throw new NotFoundError(`Field "${this.id}" is no longer in the form`);

    return field;
  }

  /** The field id, as the vendor client names it. */
  getName(): string {
    return this.id;
  }

  getLabel(): string {
    return this.getPlainField().label ?? this.id;
  }

  /** The type name; list types as `StringList`, `NumberList`, `EnumList`, `FileList`. */
  getType(): string {
    const { type } = this.getPlainField();

    return typeof type === 'string' ? type : `${type[0] ?? 'String'}List`;
  }

  /** The vendor client's name of {@link getType} (`['File']` → `FileList`). */
  getTypeName(): string {
    return this.getType();
  }

  /** The widget name (`dropdown`, `checkboxes`, `radio button`…), if any. */
  getWidget(): string | undefined {
    return this.getPlainField().widgetEdit?.name;
  }

  getValue(): unknown {
    return this.getPlainField().value;
  }

  isRequired(): boolean {
    return this.getPlainField().isRequired === true;
  }

  isReadOnly(): boolean {
    return this.getPlainField().isReadOnly === true;
  }

  /**
   * The choices of an enum or of a dropdown / radio / checkbox-group widget, as `{ label, value }`;
   * from `getEnumField`, the enum's values (strings), as the vendor client lists them.
   */
  getOptions(): TOption[] {
    const field = this.getPlainField();
    if (this.kind === 'Enum') return [...(field.enums ?? [])] as TOption[];

    return fieldChoices(field) as TOption[];
  }

  /** Color picker: whether the widget lets the user set an opacity. */
  isOpacityEnable(): boolean {
    return this.widgetParameters().enableOpacity === true;
  }

  /** Color picker: its quick palette, if any. */
  getQuickPalette(): string[] | undefined {
    const palette = this.widgetParameters().quickPalette;

    return Array.isArray(palette) ? palette.map(String) : undefined;
  }

  /** Sets the value as given (files `{ buffer, mimeType, name }` become data URIs). */
  async setValue(value: unknown): Promise<void> {
    await this.action.setFields({ [this.id]: value });
  }

  /** Sets a value converted to the field type (Number → number, String → text, Date → ISO). */
  async fill(value: unknown): Promise<void> {
    const type = fillTypes[this.kind ?? 'Field'] ?? this.getType();
    const absent = value === null || value === undefined;
    if (type === 'Number') return this.setValue(absent ? null : Number(value));
    if (type === 'String') return this.setValue(absent ? null : String(value));
    if (type === 'Date' || type === 'Dateonly') {
      const date = value instanceof Date || typeof value === 'number' ? new Date(value) : null;
      const iso = date?.toISOString();

      return this.setValue(
        iso === undefined ? value : type === 'Dateonly' ? iso.substring(0, 10) : iso,
      );
    }

    return this.setValue(value);
  }

  /** Selects one choice (dropdown, radio group, enum), by label or value. */
  async select(option: unknown): Promise<void> {
    await this.setValue(this.choice(option).value);
  }

  /** Checks a checkbox (no argument) or one option of a checkbox group. */
  async check(option?: unknown): Promise<void> {
    if (option === undefined) return this.setValue(true);
    // A radio group holds one value: checking an option selects it.
    if (this.kind === 'RadioGroup') return this.select(option);
    const { value } = this.choice(option);
    const current = this.list();

    return this.setValue(current.includes(value) ? current : [...current, value]);
  }

  /** Unchecks a checkbox (no argument) or one option of a checkbox group. */
  async uncheck(option?: unknown): Promise<void> {
    if (option === undefined) return this.setValue(false);
    const { value } = this.choice(option);

    return this.setValue(this.list().filter(item => item !== value));
  }

  /** Adds a value to a list field. */
  async add(value: unknown): Promise<void> {
    await this.setValue([...this.list(), value]);
  }

  /** Removes a value from a list field (throws when absent). */
  async remove(value: unknown): Promise<void> {
    const current = this.list();
    if (!current.includes(value))
      throw new ValidationError(`Value ${String(value)} is not in the list`);
    await this.setValue(current.filter(item => item !== value));
  }

  /** Runs the dynamic search of a dropdown and returns the options found. */
  search(text: string): Promise<ActionFieldChoice[]> {
    return this.action.search(this.id, text);
  }

  private widgetParameters(): Record<string, unknown> {
    return { ...this.getPlainField().widgetEdit?.parameters };
  }

  private list(): unknown[] {
    const value = this.getValue();

    return Array.isArray(value) ? value : [];
  }

  private choice(option: unknown): ActionFieldChoice {
    const choices = fieldChoices(this.getPlainField());
    const found = choices.find(c => c.label === option) ?? choices.find(c => c.value === option);
    if (found === undefined) {
      throw new ValidationError(`Option "${String(option)}" not found in field "${this.id}"`);
    }

    return found;
  }
}
