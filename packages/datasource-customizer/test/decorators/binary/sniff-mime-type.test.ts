import { sniffMimeType } from '../../../src/decorators/binary/sniff-mime-type';

describe('sniffMimeType', () => {
  test.each([
    ['89504e470d0a1a0a0000', 'image/png'],
    ['ffd8ffe000104a464946', 'image/jpeg'],
    [Buffer.from('GIF89a').toString('hex'), 'image/gif'],
    [Buffer.from('RIFF\0\0\0\0WEBPVP8 ').toString('hex'), 'image/webp'],
    [Buffer.from('%PDF-1.7').toString('hex'), 'application/pdf'],
    ['504b0304140000000800', 'application/zip'],
    ['1f8b0800000000000003', 'application/gzip'],
    [Buffer.from('\0\0\0\x18ftypmp42').toString('hex'), 'video/mp4'],
    [Buffer.from('hello').toString('hex'), 'application/octet-stream'],
    ['', 'application/octet-stream'],
  ])('recognises %s as %s', (hex, mimeType) => {
    expect(sniffMimeType(Buffer.from(hex, 'hex'))).toBe(mimeType);
  });
});
