// The vendor's frontend client (@forestadmin/agent-client 1.5.8) drives the relation routes of a
// Grove agent over a real SQLite database: list and count related records, associate, dissociate.
// Writes are checked by reading the SQLite file directly. Records come back as the vendor client
// returns them (camelCased attribute keys, string ids, to-one relations embedded).
import { startLibraryAgent } from './support/library-agent';
import type { LibraryAgent } from './support/library-agent';
import type { VendorCollection } from './support/vendor-client';

const isaac = { id: '2', name: 'Isaac Asimov' };

describe('vendor agent-client → Grove agent over SQLite: relations', () => {
  let library: LibraryAgent;
  let authors: VendorCollection;
  let books: VendorCollection;

  beforeEach(async () => {
    library = await startLibraryAgent();
    authors = library.client.collection('authors');
    books = library.client.collection('books');
  });
  afterEach(() => library.stop());

  it('lists the records of a OneToMany relation, sorted', async () => {
    const related = await authors
      .relation('books', 2)
      .list({ sort: { field: 'title', ascending: false } });

    expect(related).toEqual([
      { id: '3', title: 'I, Robot', price: 6, authorId: 2, author: isaac },
      { id: '2', title: 'Foundation', price: 7, authorId: 2, author: isaac },
    ]);
  });

  it('lists the records of a ManyToMany relation through the junction table', async () => {
    const related = await books
      .relation('tags', 1)
      .list({ sort: { field: 'id', ascending: true } });

    expect(related).toEqual([
      { id: '1', label: 'sci-fi' },
      { id: '2', label: 'classic' },
    ]);
  });

  it('counts the records of a relation', async () => {
    await expect(authors.relation('books', 2).count()).resolves.toBe(2);
  });

  it('counts the records of a relation that match a filter', async () => {
    const count = authors
      .relation('books', 2)
      .count({ filters: { field: 'price', operator: 'LessThan', value: 7 } });

    await expect(count).resolves.toBe(1);
  });

  it('associates a record to a OneToMany relation (sets its foreign key)', async () => {
    await authors.relation('books', 1).associate(4);

    await expect(library.db.select('SELECT author_id FROM books WHERE id = 4')).resolves.toEqual([
      { author_id: 1 },
    ]);
  });

  it('associates a record to a ManyToMany relation (inserts a junction row)', async () => {
    await books.relation('tags', 2).associate(2);

    await expect(
      library.db.select('SELECT tag_id FROM book_tags WHERE book_id = 2 ORDER BY tag_id'),
    ).resolves.toEqual([{ tag_id: 1 }, { tag_id: 2 }]);
  });

  it('dissociates a OneToMany record: its foreign key is nulled, the record is kept', async () => {
    await authors.relation('books', 2).dissociate([3]);

    await expect(
      library.db.select('SELECT id, author_id FROM books WHERE id = 3'),
    ).resolves.toEqual([{ id: 3, author_id: null }]);
  });

  it('dissociates a ManyToMany record: the junction row goes, the tag stays', async () => {
    await books.relation('tags', 1).dissociate([1]);

    await expect(
      library.db.select('SELECT book_id, tag_id FROM book_tags ORDER BY book_id, tag_id'),
    ).resolves.toEqual([
      { book_id: 1, tag_id: 2 },
      { book_id: 2, tag_id: 1 },
    ]);
    await expect(library.db.select('SELECT id FROM tags ORDER BY id')).resolves.toEqual([
      { id: 1 },
      { id: 2 },
    ]);
  });
});
