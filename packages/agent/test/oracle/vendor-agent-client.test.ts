// The vendor's published frontend client (@forestadmin/agent-client 1.5.8) drives a Grove agent
// over a real SQLite database: list, search, count, create, update and delete. Each write is
// checked by reading the SQLite file directly, not through the agent.
//
// What the vendor client returns is not the wire format: it deserializes JSON:API with
// `keyForAttribute: 'camelCase'`, so the column `author_id` comes back as `authorId`, record ids
// are the JSON:API string ids, and embedded to-one relations are nested objects.
import { startLibraryAgent } from './support/library-agent';
import type { LibraryAgent } from './support/library-agent';
import type { VendorCollection } from './support/vendor-client';

const frank = { id: '1', name: 'Frank Herbert' };
const isaac = { id: '2', name: 'Isaac Asimov' };
const dune = { id: '1', title: 'Dune', price: 9.5, authorId: 1, author: frank };
const foundation = { id: '2', title: 'Foundation', price: 7, authorId: 2, author: isaac };
const robot = { id: '3', title: 'I, Robot', price: 6, authorId: 2, author: isaac };
const untitled = { id: '4', title: 'Untitled', price: null, authorId: null, author: null };

describe('vendor agent-client → Grove agent over SQLite: records', () => {
  let library: LibraryAgent;
  let books: VendorCollection;

  beforeEach(async () => {
    library = await startLibraryAgent();
    books = library.client.collection('books');
  });
  afterEach(() => library.stop());

  it('lists a sorted page of records with their to-one relation embedded', async () => {
    const page = await books.list({
      sort: { field: 'title', ascending: false },
      pagination: { size: 2, number: 1 },
    });

    expect(page).toEqual([untitled, robot]);
  });

  it('lists the second page', async () => {
    const page = await books.list({
      sort: { field: 'id', ascending: true },
      pagination: { size: 3, number: 2 },
    });

    expect(page).toEqual([untitled]);
  });

  it('filters with the snake_case operators and lower-case aggregator the client sends', async () => {
    // Sent as {"aggregator":"and","conditions":[{…"operator":"greater_than"…},{…"i_contains"…}]}.
    const found = await books.list({
      filters: {
        aggregator: 'And',
        conditions: [
          { field: 'price', operator: 'GreaterThan', value: 6 },
          { field: 'title', operator: 'IContains', value: 'O' },
        ],
      },
      sort: { field: 'id', ascending: true },
    });

    expect(found).toEqual([foundation]);
  });

  it('searches', async () => {
    await expect(books.search('dune')).resolves.toEqual([dune]);
  });

  it('counts all records', async () => {
    await expect(books.count()).resolves.toBe(4);
  });

  it('counts the records of a filter without value (Blank)', async () => {
    await expect(books.count({ filters: { field: 'price', operator: 'Blank' } })).resolves.toBe(1);
  });

  it('creates a record and returns it with the id the database gave it', async () => {
    const created = await books.create({ title: 'Emma', price: 5, author_id: 1 });

    expect(created).toEqual({ id: '5', title: 'Emma', price: 5, authorId: 1 });
    await expect(library.db.select('SELECT * FROM books WHERE id = 5')).resolves.toEqual([
      { id: 5, title: 'Emma', price: 5, author_id: 1 },
    ]);
  });

  it('updates a record and returns it re-read, relation included', async () => {
    const updated = await books.update(2, { price: 8.25, author_id: 1 });

    expect(updated).toEqual({ ...foundation, price: 8.25, authorId: 1, author: frank });
    await expect(library.db.select('SELECT * FROM books WHERE id = 2')).resolves.toEqual([
      { id: 2, title: 'Foundation', price: 8.25, author_id: 1 },
    ]);
  });

  it('deletes the records of a list of ids', async () => {
    // 204 without a body: the client's deserializer turns it into an empty object.
    await expect(books.delete([3, 4])).resolves.toEqual({});
    await expect(library.db.select('SELECT id FROM books ORDER BY id')).resolves.toEqual([
      { id: 1 },
      { id: 2 },
    ]);
  });

  it('deletes a record of a composite key (ids joined with "|")', async () => {
    await library.client.collection('book_tags').delete([[1, 2]]);

    await expect(
      library.db.select('SELECT book_id, tag_id FROM book_tags ORDER BY book_id, tag_id'),
    ).resolves.toEqual([
      { book_id: 1, tag_id: 1 },
      { book_id: 2, tag_id: 1 },
    ]);
  });

  // The client sends a projection as repeated keys, `fields[books]=title&fields[books]=price`;
  // the agent joins them (readQueryList).
  it('returns the columns of a projection given as several fields', async () => {
    const found = await books.list({
      fields: ['title', 'price'],
      sort: { field: 'id', ascending: true },
    });

    expect(found.slice(0, 2)).toEqual([
      { id: '1', title: 'Dune', price: 9.5 },
      { id: '2', title: 'Foundation', price: 7 },
    ]);
  });

  // `fields[books]=title&fields[books]=author&fields[author]=name`: the author is embedded.
  it('embeds the relation fields of a projection (relation@@@field)', async () => {
    const found = await books.list({
      fields: ['title', 'author@@@name'],
      sort: { field: 'id', ascending: true },
    });

    expect(found[0]).toEqual({ id: '1', title: 'Dune', author: frank });
  });
});
