/** The `widgetEdit` of a form field: the widget name and its parameters. */
export interface ActionWidgetEdit {
  readonly name: string;
  readonly parameters?: Readonly<Record<string, unknown>>;
}

/**
 * A form field as the agent serializes it (hooks answers and static forms of the schema).
 * `field` is the id used in `values`; `type` is a name (`"Number"`) or a one-element list
 * (`["String"]`).
 */
export interface ActionFormField {
  readonly field: string;
  readonly label?: string;
  readonly description?: string;
  readonly type: string | readonly string[];
  readonly value?: unknown;
  /** Static forms of the schema carry the default here instead of `value`. */
  readonly defaultValue?: unknown;
  readonly isRequired?: boolean;
  readonly isReadOnly?: boolean;
  /** `"changeHook"` when other fields depend on this one. */
  readonly hook?: string | null;
  readonly enums?: readonly string[] | null;
  /** Record-picker fields: `"<collection>.<pk>"`. */
  readonly reference?: string | null;
  readonly widgetEdit?: ActionWidgetEdit | null;
  /** Sent by the client on the searched field of a dynamic-search request. */
  readonly searchValue?: string | null;
  readonly [key: string]: unknown;
}

/** A layout element of a form (`page`, `row`, `input`, `htmlBlock`, `separator`). */
export interface ActionFormLayoutElement {
  readonly component: string;
  readonly [key: string]: unknown;
}

/** A form as the hooks answer it. */
export interface ActionForm {
  readonly fields: readonly ActionFormField[];
  readonly layout: readonly ActionFormLayoutElement[];
}

/** A label/value choice of a dropdown, radio group, checkbox group or enum. */
export interface ActionFieldChoice {
  readonly label: string;
  readonly value: unknown;
}
