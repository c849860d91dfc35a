import type { Readable } from 'node:stream';

/** The types of an action form field (the fourteen of docs/agent-protocol.md#form-fields). */
export type ActionFieldType =
  | 'Boolean'
  | 'Collection'
  | 'Date'
  | 'Dateonly'
  | 'Time'
  | 'Enum'
  | 'EnumList'
  | 'File'
  | 'FileList'
  | 'Json'
  | 'Number'
  | 'NumberList'
  | 'String'
  | 'StringList';

/** A label/value option of a dropdown-like widget. */
export interface ActionFieldOption {
  readonly label: string;
  readonly value: string | number | boolean | null;
}

/** An evaluated form field, as a collection returns it from `getForm`. */
export interface ActionField {
  readonly type: ActionFieldType;
  readonly label: string;
  /** Identifies the field in `formValues`; defaults to the label. */
  readonly id: string;
  readonly description?: string;
  readonly isRequired?: boolean;
  readonly isReadOnly?: boolean;
  readonly value?: unknown;
  readonly defaultValue?: unknown;
  readonly enumValues?: readonly string[];
  readonly collectionName?: string;
  readonly placeholder?: string;
  /** True when changing this field may change the form (the frontend asks for it again). */
  readonly watchChanges: boolean;
  readonly widget?: string;
  readonly options?: readonly ActionFieldOption[];
  readonly search?: 'static' | 'dynamic' | 'disabled';
  readonly widgetOptions?: Readonly<Record<string, unknown>>;
}

/** A layout element of an evaluated form. */
export interface ActionLayoutElement {
  readonly type: 'Layout';
  readonly component: 'Separator' | 'HtmlBlock' | 'Row' | 'Page';
  readonly content?: string;
  readonly fields?: readonly ActionField[];
  readonly elements?: readonly ActionFormElement[];
  readonly nextButtonLabel?: string;
  readonly previousButtonLabel?: string;
}

/** An element of an evaluated form. */
export type ActionFormElement = ActionField | ActionLayoutElement;

/** Extra inputs of `getForm`. */
export interface ActionFormMetas {
  readonly changedField?: string;
  readonly searchField?: string;
  readonly searchValues?: Readonly<Record<string, string | null>>;
  readonly includeHiddenFields?: boolean;
}

/** Headers an action asks the agent to set on its HTTP answer. */
export type ResponseHeaders = Record<string, string>;

/** A successful action. */
export interface SuccessResult {
  readonly type: 'Success';
  readonly message: string;
  readonly invalidated: ReadonlySet<string>;
  readonly html?: string;
  readonly responseHeaders?: ResponseHeaders;
}

/** A failed action, shown to the user. */
export interface ErrorResult {
  readonly type: 'Error';
  readonly message: string;
  readonly html?: string;
  readonly responseHeaders?: ResponseHeaders;
}

/** An action asking the frontend to call a webhook. */
export interface WebhookResult {
  readonly type: 'Webhook';
  readonly url: string;
  readonly method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  readonly headers: Record<string, string>;
  readonly body: unknown;
  readonly responseHeaders?: ResponseHeaders;
}

/** An action answering a file download. */
export interface FileResult {
  readonly type: 'File';
  readonly mimeType: string;
  readonly name: string;
  readonly stream: Readable | Buffer | string;
  readonly responseHeaders?: ResponseHeaders;
}

/** An action redirecting the frontend. */
export interface RedirectResult {
  readonly type: 'Redirect';
  readonly path: string;
  readonly responseHeaders?: ResponseHeaders;
}

/** What an action returns. */
export type ActionResult =
  SuccessResult | ErrorResult | WebhookResult | FileResult | RedirectResult;
