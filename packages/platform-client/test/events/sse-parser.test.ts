import { SseParser } from '../../src/events/sse-parser';

describe('SseParser', () => {
  it('parses events split across chunks, with CRLF and multi-line data', () => {
    const parser = new SseParser();
    expect(parser.push('event: refresh-rend')).toEqual([]);
    expect(parser.push('erings\r\ndata: {"renderingIds":\r\ndata:[1]}\r\n')).toEqual([]);
    expect(parser.push('\r\n')).toEqual([
      { event: 'refresh-renderings', data: '{"renderingIds":\n[1]}' },
    ]);
  });

  it('ignores comments and unknown fields, and names unnamed events message', () => {
    const parser = new SseParser();
    expect(parser.push(': keep-alive\n\nid: 3\nretry: 10\ndata: x\n\n')).toEqual([
      { event: 'message', data: 'x' },
    ]);
  });

  it('dispatches an event without data', () => {
    expect(new SseParser().push('event: refresh-users\n\n')).toEqual([
      { event: 'refresh-users', data: '' },
    ]);
  });
});
