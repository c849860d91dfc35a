import { actionSlug, listActionEndpoints } from '../../src/schema/action-endpoints';

describe('actionSlug', () => {
  it.each([
    ['Send 2 Emails!', 'send-2-emails-'],
    ['Mark as live', 'mark-as-live'],
    ['Réinitialiser le mot de passe', 'r-initialiser-le-mot-de-passe'],
    ['  Export -- CSV  ', '-export----csv-'],
    ['already-a-slug', 'already-a-slug'],
  ])('slugifies %j as %j', (name, slug) => {
    expect(actionSlug(name)).toBe(slug);
  });
});

describe('listActionEndpoints', () => {
  it('places the declaration index in ids, endpoints and route paths', () => {
    expect(listActionEndpoints('books', ['Mark as live', 'Archive'], false)).toEqual([
      {
        name: 'Mark as live',
        index: 0,
        slug: 'mark-as-live',
        id: 'books-0-mark-as-live',
        endpoint: '/forest/_actions/books/0/mark-as-live',
        routePath: '/_actions/books/0/mark-as-live',
      },
      {
        name: 'Archive',
        index: 1,
        slug: 'archive',
        id: 'books-1-archive',
        endpoint: '/forest/_actions/books/1/archive',
        routePath: '/_actions/books/1/archive',
      },
    ]);
  });

  it('leaves the index out of ids and paths in unsafe mode', () => {
    expect(listActionEndpoints('books', ['Archive'], true)).toEqual([
      {
        name: 'Archive',
        index: 0,
        slug: 'archive',
        id: 'books-archive',
        endpoint: '/forest/_actions/books/archive',
        routePath: '/_actions/books/archive',
      },
    ]);
  });

  it('accepts actions with the same slug when the index tells them apart', () => {
    const endpoints = listActionEndpoints('books', ['Send email', 'send EMAIL'], false);

    expect(endpoints.map(endpoint => endpoint.routePath)).toEqual([
      '/_actions/books/0/send-email',
      '/_actions/books/1/send-email',
    ]);
  });

  it('refuses two actions with the same slug in unsafe mode', () => {
    expect(() =>
      listActionEndpoints('books', ['Send email', 'Archive', 'SEND EMAIL'], true),
    ).toThrow(
      'Actions "Send email" and "SEND EMAIL" on collection "books" resolve to the same endpoint ' +
        'slug "send-email". Rename one of them or disable useUnsafeActionEndpoint.',
    );
  });

  it('reports the duplicate slug as a ValidationError', () => {
    let thrown: unknown;
    try {
      listActionEndpoints('books', ['A b', 'a-b'], true);
    } catch (error) {
      thrown = error;
    }

    expect(thrown).toMatchObject({ code: 'ValidationError', name: 'ValidationError' });
  });
});
