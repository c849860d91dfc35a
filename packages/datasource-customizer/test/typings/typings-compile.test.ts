// A type test: the generated Schema makes the TypeScript compiler reject a wrong field name.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInMemoryDataSource } from '@grove/datasource-toolkit';
import type * as TypeScript from 'typescript';
import { writeTypings } from '../../src/typings/write-typings';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const ts = require('typescript') as typeof TypeScript;

const schemaTyping = resolve(__dirname, '../../src/types/schema-typing').replace(/\\/g, '/');

function diagnosticsOf(file: string): string[] {
  const program = ts.createProgram([file], {
    strict: true,
    noEmit: true,
    skipLibCheck: true,
    types: [],
    module: ts.ModuleKind.CommonJS,
    moduleResolution: ts.ModuleResolutionKind.Node10,
    target: ts.ScriptTarget.ES2022,
  });

  return ts
    .getPreEmitDiagnostics(program)
    .map(diagnostic => ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
}

describe('generated typings', () => {
  let directory: string;

  beforeAll(async () => {
    directory = await mkdtemp(join(tmpdir(), 'grove-typings-compile-'));
    const dataSource = createInMemoryDataSource({
      collections: {
        authors: {
          fields: {
            id: { type: 'Column', columnType: 'Number', isPrimaryKey: true },
            name: { type: 'Column', columnType: 'String' },
          },
        },
        books: {
          fields: {
            id: { type: 'Column', columnType: 'Number', isPrimaryKey: true },
            title: { type: 'Column', columnType: 'String' },
            authorId: { type: 'Column', columnType: 'Number' },
            author: {
              type: 'ManyToOne',
              foreignCollection: 'authors',
              foreignKey: 'authorId',
              foreignKeyTarget: 'id',
            },
          },
        },
      },
    });
    await writeTypings(dataSource, join(directory, 'typings.ts'), 2);
  });

  afterAll(async () => {
    await rm(directory, { recursive: true, force: true });
  });

  async function compile(body: string): Promise<string[]> {
    const file = join(directory, `usage-${Math.random().toString(36).slice(2)}.ts`);
    await writeFile(
      file,
      [
        "import type { Schema } from './typings';",
        `import type { TCollectionName, TFieldName, TRow } from '${schemaTyping}';`,
        body,
        '',
      ].join('\n'),
    );

    return diagnosticsOf(file);
  }

  it('compiles correct collection names, fields and relation paths', async () => {
    expect(
      await compile(
        [
          "export const c: TCollectionName<Schema> = 'books';",
          "export const f: TFieldName<Schema, 'books'> = 'title';",
          "export const p: TFieldName<Schema, 'books'> = 'author:name';",
          "export const r: TRow<Schema, 'books'> = { id: 1, title: null, authorId: 2, author: { id: 2, name: 'Ada' } };",
        ].join('\n'),
      ),
    ).toEqual([]);
  });

  it('rejects a wrong field name', async () => {
    expect(await compile("export const f: TFieldName<Schema, 'books'> = 'titel';")).toEqual([
      expect.stringContaining(`Type '"titel"' is not assignable to type`),
    ]);
  });

  it('rejects a wrong collection name and a wrong value type', async () => {
    const diagnostics = await compile(
      [
        "export const c: TCollectionName<Schema> = 'bookz';",
        "export const r: TRow<Schema, 'books'> = { id: 'one', title: 'x', authorId: null };",
      ].join('\n'),
    );

    expect(diagnostics).toEqual([
      expect.stringContaining(`Type '"bookz"' is not assignable to type`),
      expect.stringContaining(`Type 'string' is not assignable to type 'number'`),
    ]);
  });
});
