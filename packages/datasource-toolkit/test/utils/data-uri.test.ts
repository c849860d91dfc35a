import { describe, expect, it } from '@jest/globals';
import { formatDataUri, parseDataUri } from '../../src/utils/data-uri';

const message = (start: string) =>
  `Expected a file, got "${start}". A file value must be a data uri.`;

describe('parseDataUri', () => {
  it('reads the mime type and the payload', () => {
    const file = parseDataUri('data:image/png;base64,aGk=');
    expect(file).toEqual({ mimeType: 'image/png', buffer: Buffer.from('hi') });
  });

  it('reads the url-decoded name and the charset', () => {
    expect(
      parseDataUri('data:text/plain;name=my%20notes%2C%20v2.txt;charset=utf-8;base64,aGk='),
    ).toEqual({
      mimeType: 'text/plain',
      buffer: Buffer.from('hi'),
      name: 'my notes, v2.txt',
      charset: 'utf-8',
    });
  });

  it('ignores other parameters', () => {
    expect(parseDataUri('data:text/csv;size=2;name=a.csv;base64,aGk=')).toEqual({
      mimeType: 'text/csv',
      buffer: Buffer.from('hi'),
      name: 'a.csv',
    });
  });

  it('defaults an empty mime type to text/plain (RFC 2397)', () => {
    expect(parseDataUri('data:;base64,').mimeType).toBe('text/plain');
  });

  it('reads an empty payload as an empty buffer', () => {
    expect(parseDataUri('data:application/pdf;base64,').buffer).toEqual(Buffer.alloc(0));
  });

  it.each([
    ['a string without the data: scheme', 'hello world', message('hello world')],
    ['a long string, cut to 32 characters', 'x'.repeat(40), message('x'.repeat(32))],
    ['a data uri without comma', 'data:text/plain;base64', message('data:text/plain;base64')],
    ['a data uri without ;base64', 'data:text/plain,hello', message('data:text/plain,hello')],
    [
      'base64 that is not last',
      'data:text/plain;base64;name=a,aGk=',
      message('data:text/plain;base64;name=a,aG'),
    ],
    [
      'a payload that is not base64',
      'data:text/plain;base64,h i!',
      message('data:text/plain;base64,h i!'),
    ],
    [
      'a badly url-encoded name',
      'data:text/plain;name=%E0%A4%A;base64,aGk=',
      message('data:text/plain;name=%E0%A4%A;ba'),
    ],
    ['a number', 42, message('42')],
    ['null', null, message('null')],
  ])('rejects %s', (_case, value, expected) => {
    expect(() => parseDataUri(value)).toThrow(
      expect.objectContaining({ code: 'ValidationError', message: expected }),
    );
  });
});

describe('formatDataUri', () => {
  it('writes the mime type and the payload', () => {
    expect(formatDataUri({ mimeType: 'image/png', buffer: Buffer.from('hi') })).toBe(
      'data:image/png;base64,aGk=',
    );
  });

  it('writes the url-encoded name then the charset', () => {
    expect(
      formatDataUri({
        mimeType: 'text/plain',
        buffer: Buffer.from('hi'),
        name: 'a b;c.txt',
        charset: 'utf-8',
      }),
    ).toBe('data:text/plain;name=a%20b%3Bc.txt;charset=utf-8;base64,aGk=');
  });

  it('round-trips through parseDataUri', () => {
    const file = {
      mimeType: 'application/pdf',
      buffer: Buffer.from([0, 255, 16]),
      name: 'ré sumé.pdf',
    };
    expect(parseDataUri(formatDataUri(file))).toEqual(file);
  });
});
