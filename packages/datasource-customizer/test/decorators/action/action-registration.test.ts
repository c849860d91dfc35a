import type { ActionDefinition } from '../../../src/decorators/action/action-definition';
import { setup } from './action-fixture';

const execute = () => undefined;

describe('ActionCollectionDecorator.addAction (schema)', () => {
  it('publishes a minimal action in the schema', () => {
    const { books } = setup();
    books.addAction('Mark as live', { scope: 'Bulk', execute });

    expect(books.schema.actions).toEqual({
      'Mark as live': { scope: 'Bulk', generateFile: false, staticForm: true },
    });
  });

  it('publishes description, submit button label and generateFile', () => {
    const { books } = setup();
    books.addAction('Export', {
      scope: 'Global',
      execute,
      generateFile: true,
      description: 'Downloads the catalog',
      submitButtonLabel: 'Download',
    });

    expect(books.schema.actions.Export).toEqual({
      scope: 'Global',
      generateFile: true,
      staticForm: true,
      description: 'Downloads the catalog',
      submitButtonLabel: 'Download',
    });
  });

  it('overwrites an action added twice', () => {
    const { books } = setup();
    books.addAction('Go', { scope: 'Bulk', execute });
    books.addAction('Go', { scope: 'Single', execute });

    expect(books.schema.actions.Go).toEqual({
      scope: 'Single',
      generateFile: false,
      staticForm: true,
    });
  });

  it('refreshes a schema read before the action was added', () => {
    const { books } = setup();
    expect(books.schema.actions).toEqual({});
    books.addAction('Go', { scope: 'Global', execute });

    expect(Object.keys(books.schema.actions)).toEqual(['Go']);
  });

  it('does not add the action to other collections', () => {
    const { books, ratings } = setup();
    books.addAction('Go', { scope: 'Global', execute });

    expect(ratings.schema.actions).toEqual({});
  });
});

describe('ActionCollectionDecorator.addAction (staticForm)', () => {
  const staticFormOf = (form: ActionDefinition['form']): boolean | undefined => {
    const { books } = setup();
    books.addAction('Go', { scope: 'Single', execute, form });

    return books.schema.actions.Go?.staticForm;
  };

  it('is true for a form of plain values', () => {
    expect(
      staticFormOf([
        { type: 'String', label: 'Reason', defaultValue: 'none', isRequired: true },
        { type: 'Enum', label: 'Kind', enumValues: ['a', 'b'] },
        { type: 'Layout', component: 'Separator' },
      ]),
    ).toBe(true);
  });

  it('is false when the form is a function', () => {
    expect(staticFormOf(() => [])).toBe(false);
  });

  it('is false when a field property is a function', () => {
    expect(staticFormOf([{ type: 'String', label: 'Reason', isRequired: () => true }])).toBe(false);
  });

  it('is false when a field has an if handler', () => {
    expect(staticFormOf([{ type: 'String', label: 'Reason', if: () => true }])).toBe(false);
  });

  it('is false when a field inside a Row is dynamic', () => {
    expect(
      staticFormOf([
        {
          type: 'Layout',
          component: 'Row',
          fields: [
            { type: 'String', label: 'A' },
            { type: 'Number', label: 'B', defaultValue: () => 1 },
          ],
        },
      ]),
    ).toBe(false);
  });

  it('is false when an element inside a Page is dynamic', () => {
    expect(
      staticFormOf([
        {
          type: 'Layout',
          component: 'Page',
          elements: [{ type: 'Layout', component: 'HtmlBlock', content: () => '<p>hi</p>' }],
        },
      ]),
    ).toBe(false);
  });

  it('is true for static Rows and Pages', () => {
    expect(
      staticFormOf([
        {
          type: 'Layout',
          component: 'Page',
          nextButtonLabel: 'Next',
          elements: [
            { type: 'Layout', component: 'Row', fields: [{ type: 'String', label: 'A' }] },
            { type: 'Layout', component: 'HtmlBlock', content: '<p>hi</p>' },
          ],
        },
      ]),
    ).toBe(true);
  });

  it('is false when a File field has a hard-coded default', () => {
    expect(
      staticFormOf([{ type: 'File', label: 'Doc', defaultValue: 'data:text/plain;base64,aGk=' }]),
    ).toBe(false);
  });

  it('is false when a FileList field has a hard-coded default', () => {
    expect(staticFormOf([{ type: 'FileList', label: 'Docs', defaultValue: [] }])).toBe(false);
  });

  it('is true for a File field without default', () => {
    expect(staticFormOf([{ type: 'File', label: 'Doc' }])).toBe(true);
  });

  it('is false when dropdown options are a function', () => {
    expect(
      staticFormOf([
        { type: 'String', label: 'City', widget: 'Dropdown', options: () => ['Paris'] },
      ]),
    ).toBe(false);
  });
});

describe('ActionCollectionDecorator.addAction (validation)', () => {
  const add = (name: string, definition: unknown) => () => {
    setup().books.addAction(name, definition as ActionDefinition);
  };

  it('refuses an empty name', () => {
    expect(add('', { scope: 'Bulk', execute })).toThrow(
      "An action of collection 'books' needs a non-empty name.",
    );
  });

  it('refuses a definition that is not an object', () => {
    expect(add('Go', null)).toThrow(
      "The definition of action 'Go' of collection 'books' must be an object.",
    );
  });

  it('refuses an unknown scope', () => {
    expect(add('Go', { scope: 'Many', execute })).toThrow(
      "Invalid scope 'Many' for action 'Go' of collection 'books': expected 'Single', 'Bulk' or 'Global'.",
    );
  });

  it('refuses a missing execute handler', () => {
    expect(add('Go', { scope: 'Bulk' })).toThrow(
      "The execute handler of action 'Go' of collection 'books' must be a function.",
    );
  });

  it('refuses a form that is neither a list nor a function', () => {
    expect(add('Go', { scope: 'Bulk', execute, form: { type: 'String' } })).toThrow(
      "The form of action 'Go' of collection 'books' must be a list of elements or a function returning one.",
    );
  });

  it('refuses an unknown field type', () => {
    expect(add('Go', { scope: 'Bulk', execute, form: [{ type: 'Text', label: 'A' }] })).toThrow(
      "Invalid form element in action 'Go' of collection 'books': expected a field type " +
        '(Boolean, Collection, Date, Dateonly, Time, Enum, EnumList, File, FileList, Json, Number, ' +
        `NumberList, String, StringList) or 'Layout', got {"type":"Text","label":"A"}.`,
    );
  });

  it('refuses a field without label', () => {
    expect(add('Go', { scope: 'Bulk', execute, form: [{ type: 'String' }] })).toThrow(
      `A field of the form of action 'Go' of collection 'books' has no label: {"type":"String"}.`,
    );
  });

  it('refuses an empty field id', () => {
    expect(
      add('Go', { scope: 'Bulk', execute, form: [{ type: 'String', label: 'A', id: '' }] }),
    ).toThrow(
      "The id of field 'A' in the form of action 'Go' of collection 'books' must be a non-empty string.",
    );
  });

  it.each([
    ['Collection', 'collectionName'],
    ['Enum', 'enumValues'],
    ['EnumList', 'enumValues'],
  ])('refuses a %s field without %s', (type, property) => {
    expect(add('Go', { scope: 'Bulk', execute, form: [{ type, label: 'A' }] })).toThrow(
      `The ${type} field 'A' in the form of action 'Go' of collection 'books' needs '${property}'.`,
    );
  });

  it('refuses a Collection field targeting an unknown collection', () => {
    const form = [{ type: 'Collection', label: 'Author', collectionName: 'writers' }];

    expect(add('Go', { scope: 'Bulk', execute, form })).toThrow(
      "The Collection field 'Author' of action 'Go' of collection 'books' targets an unknown " +
        "collection 'writers'. Available collections are: ['authors', 'books', 'ratings'].",
    );
  });

  it('accepts a Collection field targeting a collection inside a Row', () => {
    const form = [
      {
        type: 'Layout',
        component: 'Row',
        fields: [{ type: 'Collection', label: 'Author', collectionName: 'authors' }],
      },
    ];

    expect(add('Go', { scope: 'Bulk', execute, form })).not.toThrow();
  });

  it('refuses an unknown layout component', () => {
    expect(
      add('Go', { scope: 'Bulk', execute, form: [{ type: 'Layout', component: 'Tabs' }] }),
    ).toThrow(
      "Invalid layout component 'Tabs' in the form of action 'Go' of collection 'books': expected Separator, HtmlBlock, Row, Page.",
    );
  });

  it('refuses a layout element inside a Row', () => {
    const form = [
      { type: 'Layout', component: 'Row', fields: [{ type: 'Layout', component: 'Separator' }] },
    ];

    expect(add('Go', { scope: 'Bulk', execute, form })).toThrow(
      "A Row of the form of action 'Go' of collection 'books' must contain fields only.",
    );
  });

  it('refuses a Row without fields', () => {
    expect(
      add('Go', { scope: 'Bulk', execute, form: [{ type: 'Layout', component: 'Row' }] }),
    ).toThrow("A Row of the form of action 'Go' of collection 'books' needs a 'fields' list.");
  });

  it('refuses a Page inside a Page', () => {
    const form = [
      {
        type: 'Layout',
        component: 'Page',
        elements: [{ type: 'Layout', component: 'Page', elements: [] }],
      },
    ];

    expect(add('Go', { scope: 'Bulk', execute, form })).toThrow(
      "A Page of the form of action 'Go' of collection 'books' cannot contain pages.",
    );
  });

  it('refuses pages mixed with other elements', () => {
    const form = [
      { type: 'Layout', component: 'Page', elements: [] },
      { type: 'String', label: 'A' },
    ];

    expect(add('Go', { scope: 'Bulk', execute, form })).toThrow(
      "You cannot mix pages and other form elements in an action form. Action triggering this error: 'Go'",
    );
  });

  it('refuses other elements mixed with pages', () => {
    const form = [
      { type: 'String', label: 'A' },
      { type: 'Layout', component: 'Page', elements: [] },
    ];

    expect(add('Go', { scope: 'Bulk', execute, form })).toThrow(
      "You cannot mix pages and other form elements in an action form. Action triggering this error: 'Go'",
    );
  });
});
