import { parseCsvRequest } from '../../src/csv/parse-csv-request';
import { thrown } from '../query/library';

describe('parseCsvRequest', () => {
  it('splits the header verbatim and reads the file name', () => {
    expect(parseCsvRequest({ header: 'Id, Title,Author', filename: 'books.csv' })).toEqual({
      header: ['Id', ' Title', 'Author'],
      filename: 'books.csv',
    });
  });

  it('reads a JSON array of labels, as the vendor test client sends it', () => {
    expect(parseCsvRequest({ header: '["title","author@@@name"]' }).header).toEqual([
      'title',
      'author@@@name',
    ]);
  });

  it.each([
    ['[Draft],Title', ['[Draft]', 'Title']],
    ['[1,2]', ['[1', '2]']],
  ])('splits %j that is not a JSON array of strings', (header, labels) => {
    expect(parseCsvRequest({ header }).header).toEqual(labels);
  });

  it('defaults the file name to export.csv', () => {
    expect(parseCsvRequest({ header: 'Id' }).filename).toBe('export.csv');
    expect(parseCsvRequest({ header: 'Id', filename: ' ' }).filename).toBe('export.csv');
  });

  it.each([[{}], [{ header: '' }], [{ header: '  ' }], [{ header: null }]])(
    'refuses %j as a missing header',
    query => {
      expect(thrown(() => parseCsvRequest(query))).toMatchObject({
        code: 'ValidationError',
        message: 'Missing header',
      });
    },
  );

  it('refuses a repeated header parameter', () => {
    expect(thrown(() => parseCsvRequest({ header: ['Id', 'Title'] }))).toMatchObject({
      code: 'ValidationError',
      message: 'Invalid header: expected one comma-separated list of column labels',
    });
  });

  it('checks the pagination it otherwise ignores', () => {
    expect(thrown(() => parseCsvRequest({ header: 'Id', 'page[size]': '0' })).message).toBe(
      'Invalid pagination [limit: 0, skip: 1]',
    );
  });
});
