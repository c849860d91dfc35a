import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AgentSchema } from '../../src/schema/agent-schema';
import { generateSchema } from '../../src/schema/generate-schema';
import { loadSchemaFile, readSchemaFile, writeSchemaFile } from '../../src/schema/schema-file';
import { buildDataSource, libraryDefinition } from './schema-fixture';

const meta = {
  liana: 'grove-agent',
  liana_version: '0.1.0',
  liana_features: null,
  stack: { engine: 'nodejs', engine_version: '20.19.0' },
};

const small: AgentSchema = {
  collections: [
    {
      actions: [],
      fields: [
        {
          defaultValue: null,
          enums: [],
          field: 'id',
          integration: null,
          inverseOf: null,
          isFilterable: true,
          isPrimaryKey: true,
          isReadOnly: false,
          isRequired: false,
          isSortable: true,
          isVirtual: false,
          reference: null,
          type: 'Number',
          validations: [],
        },
      ],
      icon: null,
      integration: null,
      isReadOnly: false,
      isSearchable: true,
      isVirtual: false,
      name: 'items',
      onlyForRelationships: false,
      paginationType: 'page',
      segments: [{ id: 'items.recent', name: 'recent' }],
    },
  ],
  meta,
};

describe('schema file', () => {
  let directory: string;
  let path: string;

  beforeEach(async () => {
    directory = await mkdtemp(join(tmpdir(), 'grove-schema-'));
    path = join(directory, '.grove-schema.json');
  });

  afterEach(async () => {
    await rm(directory, { recursive: true, force: true });
  });

  it('writes pretty-compact JSON with a trailing newline', async () => {
    await writeSchemaFile(path, small);

    await expect(readFile(path, 'utf8')).resolves.toBe(
      [
        '{',
        '  "collections": [',
        '    {',
        '      "actions": [],',
        '      "fields": [',
        '        {',
        '          "defaultValue": null,',
        '          "enums": [],',
        '          "field": "id",',
        '          "integration": null,',
        '          "inverseOf": null,',
        '          "isFilterable": true,',
        '          "isPrimaryKey": true,',
        '          "isReadOnly": false,',
        '          "isRequired": false,',
        '          "isSortable": true,',
        '          "isVirtual": false,',
        '          "reference": null,',
        '          "type": "Number",',
        '          "validations": []',
        '        }',
        '      ],',
        '      "icon": null,',
        '      "integration": null,',
        '      "isReadOnly": false,',
        '      "isSearchable": true,',
        '      "isVirtual": false,',
        '      "name": "items",',
        '      "onlyForRelationships": false,',
        '      "paginationType": "page",',
        '      "segments": [{"id": "items.recent", "name": "recent"}]',
        '    }',
        '  ],',
        '  "meta": {',
        '    "liana": "grove-agent",',
        '    "liana_version": "0.1.0",',
        '    "liana_features": null,',
        '    "stack": {"engine": "nodejs", "engine_version": "20.19.0"}',
        '  }',
        '}',
        '',
      ].join('\n'),
    );
  });

  it('reads back a written schema identical to the generated one', async () => {
    const dataSource = await buildDataSource(libraryDefinition(), customizer =>
      customizer.customizeCollection('books', books =>
        books
          .addAction('Reject', {
            scope: 'Single',
            execute: () => undefined,
            form: [
              { type: 'Layout', component: 'Separator' },
              { type: 'Date', label: 'When', defaultValue: new Date('2024-01-02T00:00:00Z') },
            ],
          })
          .addFieldValidation('title', 'Match', /^[A-Z]/u)
          .addSegment('recent', { field: 'id', operator: 'GreaterThan', value: 1 }),
      ),
    );
    const schema = await generateSchema(dataSource, { useUnsafeActionEndpoint: false });
    await writeSchemaFile(path, schema);

    await expect(readSchemaFile(path)).resolves.toEqual(schema);
  });

  it('leaves no temporary file behind', async () => {
    await writeSchemaFile(path, small);
    await writeSchemaFile(path, small);

    await expect(readdir(directory)).resolves.toEqual(['.grove-schema.json']);
  });

  it('reports invalid JSON naming the file', async () => {
    await writeFile(path, '{ "collections": [', 'utf8');

    await expect(readSchemaFile(path)).rejects.toThrow(
      new RegExp(`^The schema file ${escape(path)} is not valid JSON: `),
    );
  });

  it('reports a content that is not a schema naming the file', async () => {
    await writeFile(path, '{ "collections": [{ "fields": [] }] }', 'utf8');

    await expect(readSchemaFile(path)).rejects.toThrow(
      `The schema file ${path} is not a Grove schema: expected { "collections": [{ "name", "fields", … }], "meta": {…} }.`,
    );
  });

  it('reports a missing file naming it', async () => {
    await expect(readSchemaFile(path)).rejects.toThrow(
      new RegExp(`^Can't read the schema file ${escape(path)}: ENOENT`),
    );
  });

  it('refuses a missing schema in production with the protocol message', async () => {
    await expect(loadSchemaFile(path)).rejects.toThrow(
      `Can't load ${path}. Providing a schema is mandatory in production.`,
    );
  });

  it('loads an existing schema file', async () => {
    await writeSchemaFile(path, small);

    await expect(loadSchemaFile(path)).resolves.toEqual(small);
  });
});

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
