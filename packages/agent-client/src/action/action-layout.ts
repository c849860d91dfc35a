import { NotFoundError, ValidationError } from '@grove/datasource-toolkit';
import type { ActionFormLayoutElement } from './action-form-field';

const articles: Readonly<Record<string, string>> = {
  page: 'a page',
  element: 'an element',
  row: 'a row',
  input: 'an input',
  htmlBlock: 'an htmlBlock',
};

function requireComponent(element: ActionFormLayoutElement, component: string): void {
  if (element.component !== component) {
    throw new ValidationError(
      `This is not ${articles[component] ?? component}, it's a ${element.component} element`,
    );
  }
}

function pick(list: unknown, index: number): ActionFormLayoutElement {
  const element = Array.isArray(list)
    ? (list[index] as ActionFormLayoutElement | undefined)
    : undefined;
  if (element === undefined) throw new NotFoundError(`Element ${index} not found`);

  return element;
}

/**
 * One element of a form layout (`row`, `input`, `htmlBlock`, `separator`), with the vendor
 * client's accessors. `raw` is the element as the agent sent it.
 *
 * @example
 * ```ts
 * const first = action.getLayout().page(0).element(0);
 * if (first.isRow()) console.log(first.rowElement(1).getInputId());
 * ```
 */
export class ActionLayoutElement {
  constructor(readonly raw: ActionFormLayoutElement) {}

  isRow(): boolean {
    return this.raw.component === 'row';
  }

  isInput(): boolean {
    return this.raw.component === 'input';
  }

  isHTMLBlock(): boolean {
    return this.raw.component === 'htmlBlock';
  }

  isSeparator(): boolean {
    return this.raw.component === 'separator';
  }

  /** The HTML of an `htmlBlock` element. */
  getHtmlBlockContent(): string {
    requireComponent(this.raw, 'htmlBlock');

    return String(this.raw.content ?? '');
  }

  /** The field id of an `input` element. */
  getInputId(): string {
    requireComponent(this.raw, 'input');

    return String(this.raw.fieldId);
  }

  /** The k-th input of a `row` element. */
  rowElement(index: number): ActionLayoutElement {
    requireComponent(this.raw, 'row');
    const input = pick(this.raw.fields, index);
    requireComponent(input, 'input');

    return new ActionLayoutElement(input);
  }
}

/** A page of a multi-page form: its button labels and its elements. */
export class ActionLayoutPage {
  readonly nextButtonLabel: string | undefined;
  readonly previousButtonLabel: string | undefined;

  constructor(readonly raw: ActionFormLayoutElement) {
    requireComponent(raw, 'page');
    this.nextButtonLabel = raw.nextButtonLabel as string | undefined;
    this.previousButtonLabel = raw.previousButtonLabel as string | undefined;
  }

  /** The j-th element of the page. */
  element(index: number): ActionLayoutElement {
    return new ActionLayoutElement(pick(this.raw.elements, index));
  }
}

/** The navigation methods the layout array carries (the vendor client's `getLayout()` API). */
export interface ActionLayoutNavigation {
  /** The i-th page of a multi-page form. */
  page(index: number): ActionLayoutPage;
  /** The i-th element of a form without pages. */
  element(index: number): ActionLayoutElement;
}

/** A form layout: the elements as the agent sent them, plus `page(i)` and `element(i)`. */
export type ActionLayout = readonly ActionFormLayoutElement[] & ActionLayoutNavigation;

/**
 * Adds the vendor client's navigation (`page(i)`, `element(i)`) to a layout array, as
 * non-enumerable methods: the array still reads and compares as the agent's layout.
 *
 * @example
 * ```ts
 * const layout = toActionLayout([{ component: 'input', fieldId: 'Reason' }]);
 * layout.element(0).getInputId(); // 'Reason'
 * ```
 */
export function toActionLayout(elements: readonly ActionFormLayoutElement[]): ActionLayout {
  const navigation: ActionLayoutNavigation = {
    page: index => new ActionLayoutPage(pick(elements, index)),
    element: index => {
      const element = pick(elements, index);
      if (element.component === 'page') requireComponent(element, 'element');

      return new ActionLayoutElement(element);
    },
  };
  const layout = [...elements];
  for (const [key, value] of Object.entries(navigation)) {
    Object.defineProperty(layout, key, { value, enumerable: false });
  }

  return layout as unknown as ActionLayout;
}
