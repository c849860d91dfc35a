import type { DataSourceCustomizer } from '../src/data-source-customizer';

// A hand-written `Schema`, as `generateTypings` writes it. The `@ts-expect-error` lines are the
// test: `tsc --noEmit` fails if any of them compiles.
type Schema = {
  books: {
    plain: { id: number; title: string; authorId: number };
    nested: { author: Schema['authors']['plain'] & Schema['authors']['nested'] };
    flat: { 'author:id': number; 'author:name': string };
  };
  authors: {
    plain: { id: number; name: string };
    nested: Record<string, never>;
    flat: Record<string, never>;
  };
};

function customize(customizer: DataSourceCustomizer<Schema>): void {
  customizer.customizeCollection('books', books => {
    books.renameField('title', 'name').addFieldValidation('title', 'Present');
    books.addField('label', {
      columnType: 'String',
      dependencies: ['title', 'author:name'],
      getValues: records => records.map(r => `${r.title ?? ''} by ${r.author?.name ?? ''}`),
    });
    books.addManyToOneRelation('writer', 'authors', { foreignKey: 'authorId' });
    books.importField('authorName', { path: 'author:name' });
    // @ts-expect-error unknown column
    books.renameField('titel', 'name');
    // @ts-expect-error unknown dependency
    books.addField('x', { columnType: 'String', dependencies: ['titel'], getValues: () => [] });
    // @ts-expect-error unknown foreign collection
    books.addManyToOneRelation('writer', 'writers', { foreignKey: 'authorId' });
    // @ts-expect-error unknown import path
    books.importField('x', { path: 'author:nom' });
  });
  // @ts-expect-error unknown collection
  customizer.customizeCollection('bookz', () => {});
}

describe('customizer typings', () => {
  it('type-checks collection and field names (see the @ts-expect-error lines)', () => {
    expect(typeof customize).toBe('function');
  });
});
