import type { ActionDefinition, DataSourceCustomizer } from '@grove/datasource-customizer';
import type { SchemaAction } from '../../src/schema/agent-schema';
import { generateSchema } from '../../src/schema/generate-schema';
import { buildDataSource, libraryDefinition } from './schema-fixture';

const execute = () => undefined;

async function actionsOf(
  actions: Record<string, ActionDefinition>,
  useUnsafeActionEndpoint = false,
): Promise<SchemaAction[]> {
  const dataSource = await buildDataSource(
    libraryDefinition(),
    (customizer: DataSourceCustomizer) =>
      customizer.customizeCollection('books', books => {
        for (const [name, definition] of Object.entries(actions)) books.addAction(name, definition);
      }),
  );
  const schema = await generateSchema(dataSource, { useUnsafeActionEndpoint });

  return schema.collections.find(collection => collection.name === 'books')?.actions ?? [];
}

const placeholder = {
  field: 'Loading...',
  label: 'Loading...',
  type: 'String',
  isReadOnly: true,
  defaultValue: 'Form is loading',
  description: '',
  enums: null,
  hook: null,
  isRequired: false,
  reference: null,
  widgetEdit: null,
};

describe('actions of the schema', () => {
  it('publishes a static form whole, with default values', async () => {
    const actions = await actionsOf({
      Reject: {
        scope: 'Single',
        execute,
        form: [
          { type: 'String', label: 'Reason', isRequired: true, description: 'Why?' },
          { type: 'Boolean', label: 'Notify author', id: 'notify', defaultValue: true },
        ],
      },
    });

    expect(actions).toEqual([
      {
        id: 'books-0-reject',
        name: 'Reject',
        type: 'single',
        baseUrl: null,
        endpoint: '/forest/_actions/books/0/reject',
        httpMethod: 'POST',
        redirect: null,
        download: false,
        fields: [
          {
            field: 'Reason',
            label: 'Reason',
            description: 'Why?',
            isRequired: true,
            type: 'String',
          },
          { field: 'notify', label: 'Notify author', defaultValue: true, type: 'Boolean' },
        ],
        hooks: { load: false, change: ['changeHook'] },
      },
    ]);
  });

  it('publishes an action without form with no fields and no load hook', async () => {
    const [action] = await actionsOf({ Archive: { scope: 'Bulk', execute } });

    expect(action).toEqual({
      id: 'books-0-archive',
      name: 'Archive',
      type: 'bulk',
      baseUrl: null,
      endpoint: '/forest/_actions/books/0/archive',
      httpMethod: 'POST',
      redirect: null,
      download: false,
      fields: [],
      hooks: { load: false, change: ['changeHook'] },
    });
  });

  it('replaces a form function by the loading placeholder and asks for the load hook', async () => {
    const [action] = await actionsOf({
      Import: {
        scope: 'Global',
        execute,
        generateFile: true,
        description: 'Imports books',
        submitButtonLabel: 'Go',
        form: () => [{ type: 'String', label: 'Source' }],
      },
    });

    expect(action).toEqual({
      id: 'books-0-import',
      name: 'Import',
      type: 'global',
      baseUrl: null,
      endpoint: '/forest/_actions/books/0/import',
      httpMethod: 'POST',
      redirect: null,
      download: true,
      fields: [placeholder],
      description: 'Imports books',
      submitButtonLabel: 'Go',
      hooks: { load: true, change: ['changeHook'] },
    });
  });

  it('treats a form with a handler inside as dynamic', async () => {
    const [action] = await actionsOf({
      Reject: {
        scope: 'Single',
        execute,
        form: [{ type: 'String', label: 'Reason', isRequired: () => true }],
      },
    });

    expect([action?.fields, action?.hooks]).toEqual([
      [placeholder],
      { load: true, change: ['changeHook'] },
    ]);
  });

  it('publishes the layout of a static form that has one', async () => {
    const [action] = await actionsOf({
      Review: {
        scope: 'Single',
        execute,
        form: [
          { type: 'Layout', component: 'HtmlBlock', content: '<b>Check</b>' },
          { type: 'String', label: 'Comment' },
        ],
      },
    });

    expect([action?.fields, action?.layout]).toEqual([
      [{ field: 'Comment', label: 'Comment', type: 'String' }],
      [
        { component: 'htmlBlock', content: '<b>Check</b>' },
        { component: 'input', fieldId: 'Comment' },
      ],
    ]);
  });

  it('sorts actions by name while their ids keep the declaration index', async () => {
    const actions = await actionsOf({
      Zeta: { scope: 'Bulk', execute },
      alpha: { scope: 'Bulk', execute },
      Beta: { scope: 'Bulk', execute },
    });

    expect(actions.map(action => [action.name, action.id])).toEqual([
      ['Beta', 'books-2-beta'],
      ['Zeta', 'books-0-zeta'],
      ['alpha', 'books-1-alpha'],
    ]);
  });

  it('leaves the index out of ids and endpoints in unsafe mode', async () => {
    const [action] = await actionsOf({ 'Mark as live': { scope: 'Bulk', execute } }, true);

    expect([action?.id, action?.endpoint]).toEqual([
      'books-mark-as-live',
      '/forest/_actions/books/mark-as-live',
    ]);
  });

  it('refuses two actions with the same slug in unsafe mode', async () => {
    await expect(
      actionsOf(
        { 'Send email': { scope: 'Bulk', execute }, 'send-email': { scope: 'Bulk', execute } },
        true,
      ),
    ).rejects.toThrow(
      'Actions "Send email" and "send-email" on collection "books" resolve to the same endpoint ' +
        'slug "send-email". Rename one of them or disable useUnsafeActionEndpoint.',
    );
  });

  it('refuses a submit button label longer than 50 characters', async () => {
    await expect(
      actionsOf({ Archive: { scope: 'Bulk', execute, submitButtonLabel: 'x'.repeat(51) } }),
    ).rejects.toThrow(
      "The submitButtonLabel of action 'Archive' of collection 'books' must have at most 50 " +
        'characters (got 51).',
    );
  });
});
