import { csvResponseHeaders } from '../../src/csv/csv-response-headers';

describe('csvResponseHeaders', () => {
  const now = new Date('2024-05-02T08:30:00Z');

  it('writes the headers of docs/agent-protocol.md#csv-export with a well-formed Content-Disposition', () => {
    expect(csvResponseHeaders('books.csv', now)).toEqual({
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': 'attachment; filename="books.csv"',
      'Last-Modified': 'Thu, 02 May 2024 08:30:00 GMT',
      'X-Accel-Buffering': 'no',
      'Cache-Control': 'no-cache',
    });
  });

  it.each([
    ['BOOKS.CSV', 'text/csv; charset=utf-8'],
    ['books', 'application/octet-stream'],
    ['books.csv.txt', 'application/octet-stream'],
  ])('types %s as %s', (filename, type) => {
    expect(csvResponseHeaders(filename, now)['Content-Type']).toBe(type);
  });

  it.each([
    ['my books.csv', 'attachment; filename="my books.csv"'],
    ['a"b.csv', `attachment; filename="a_b.csv"; filename*=UTF-8''a%22b.csv`],
    ['a\\b.csv', `attachment; filename="a_b.csv"; filename*=UTF-8''a%5Cb.csv`],
    ['données.csv', `attachment; filename="donn_es.csv"; filename*=UTF-8''donn%C3%A9es.csv`],
    ["l'(x)*.csv", `attachment; filename="l'(x)*.csv"`],
    ["é'(x).csv", `attachment; filename="_'(x).csv"; filename*=UTF-8''%C3%A9%27%28x%29.csv`],
    ['a\r\nb\u0000.csv', 'attachment; filename="ab.csv"'],
  ])('writes %j safely', (filename, disposition) => {
    expect(csvResponseHeaders(filename, now)['Content-Disposition']).toBe(disposition);
  });

  it('stamps Last-Modified with the current time by default', () => {
    const before = Math.floor(Date.now() / 1000) * 1000;
    const stamped = Date.parse(csvResponseHeaders('x.csv')['Last-Modified'] ?? '');
    expect(stamped).toBeGreaterThanOrEqual(before);
  });
});
