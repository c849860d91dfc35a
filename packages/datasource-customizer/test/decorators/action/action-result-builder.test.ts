import { Readable } from 'node:stream';
import { ActionResultBuilder } from '../../../src/decorators/action/action-result-builder';

async function read(stream: unknown): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream as Readable) chunks.push(Buffer.from(chunk as Buffer));

  return Buffer.concat(chunks).toString();
}

describe('ActionResultBuilder', () => {
  it('builds a success with an empty message by default', () => {
    expect(new ActionResultBuilder().success()).toEqual({
      type: 'Success',
      message: '',
      invalidated: new Set(),
      responseHeaders: {},
    });
  });

  it('builds a success with html and invalidated collections', () => {
    expect(
      new ActionResultBuilder().success('Done', { html: '<p>ok</p>', invalidated: ['orders'] }),
    ).toEqual({
      type: 'Success',
      message: 'Done',
      html: '<p>ok</p>',
      invalidated: new Set(['orders']),
      responseHeaders: {},
    });
  });

  it('builds an error with "Error" as default message', () => {
    expect(new ActionResultBuilder().error()).toEqual({
      type: 'Error',
      message: 'Error',
      responseHeaders: {},
    });
  });

  it('builds an error with html', () => {
    expect(new ActionResultBuilder().error('Nope', { html: '<b>no</b>' })).toEqual({
      type: 'Error',
      message: 'Nope',
      html: '<b>no</b>',
      responseHeaders: {},
    });
  });

  it('builds a webhook with POST, no headers and an empty body by default', () => {
    expect(new ActionResultBuilder().webhook('https://example.com/hook')).toEqual({
      type: 'Webhook',
      url: 'https://example.com/hook',
      method: 'POST',
      headers: {},
      body: {},
      responseHeaders: {},
    });
  });

  it('builds a webhook with method, headers and body', () => {
    expect(
      new ActionResultBuilder().webhook('https://x.test', 'PUT', { Authorization: 'k' }, { a: 1 }),
    ).toEqual({
      type: 'Webhook',
      url: 'https://x.test',
      method: 'PUT',
      headers: { Authorization: 'k' },
      body: { a: 1 },
      responseHeaders: {},
    });
  });

  it('builds a file named "file" of type application/octet-stream by default', async () => {
    const result = new ActionResultBuilder().file('hello');

    expect({ ...result, stream: await read(result.stream) }).toEqual({
      type: 'File',
      name: 'file',
      mimeType: 'application/octet-stream',
      stream: 'hello',
      responseHeaders: {},
    });
  });

  it('wraps a buffer into a stream', async () => {
    const result = new ActionResultBuilder().file(Buffer.from('a,b'), 'export.csv', 'text/csv');

    expect(result.stream).toBeInstanceOf(Readable);
    expect(await read(result.stream)).toBe('a,b');
    expect([result.name, result.mimeType]).toEqual(['export.csv', 'text/csv']);
  });

  it('keeps a stream as is', () => {
    const stream = Readable.from(['x']);

    expect(new ActionResultBuilder().file(stream).stream).toBe(stream);
  });

  it('builds a redirection', () => {
    expect(new ActionResultBuilder().redirectTo('/books/1')).toEqual({
      type: 'Redirect',
      path: '/books/1',
      responseHeaders: {},
    });
  });

  it('attaches headers to the results built after setHeader, chainably', () => {
    const builder = new ActionResultBuilder();
    const result = builder.setHeader('X-A', '1').setHeader('X-B', '2').redirectTo('/');

    expect(result.responseHeaders).toEqual({ 'X-A': '1', 'X-B': '2' });
  });

  it('does not change results already built when a header is added later', () => {
    const builder = new ActionResultBuilder();
    const first = builder.success();
    builder.setHeader('X-A', '1');

    expect(first.responseHeaders).toEqual({});
    expect(builder.error().responseHeaders).toEqual({ 'X-A': '1' });
  });
});
