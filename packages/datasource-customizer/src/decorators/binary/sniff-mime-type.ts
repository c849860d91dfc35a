/** Magic bytes at a given offset, and the mime type they announce. */
interface Signature {
  readonly mimeType: string;
  readonly bytes: readonly number[];
  readonly offset?: number;
}

const ascii = (text: string): number[] => [...text].map(char => char.charCodeAt(0));

// Order matters where signatures share a prefix (WEBP and WAV both start with RIFF).
const signatures: readonly Signature[] = [
  { mimeType: 'image/png', bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
  { mimeType: 'image/jpeg', bytes: [0xff, 0xd8, 0xff] },
  { mimeType: 'image/gif', bytes: ascii('GIF8') },
  { mimeType: 'image/webp', bytes: ascii('WEBP'), offset: 8 },
  { mimeType: 'audio/wav', bytes: ascii('WAVE'), offset: 8 },
  { mimeType: 'image/bmp', bytes: ascii('BM') },
  { mimeType: 'image/tiff', bytes: [0x49, 0x49, 0x2a, 0x00] },
  { mimeType: 'image/tiff', bytes: [0x4d, 0x4d, 0x00, 0x2a] },
  { mimeType: 'image/x-icon', bytes: [0x00, 0x00, 0x01, 0x00] },
  { mimeType: 'application/pdf', bytes: ascii('%PDF') },
  { mimeType: 'application/zip', bytes: [0x50, 0x4b, 0x03, 0x04] },
  { mimeType: 'application/gzip', bytes: [0x1f, 0x8b] },
  { mimeType: 'application/x-7z-compressed', bytes: [0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c] },
  { mimeType: 'application/vnd.rar', bytes: ascii('Rar!') },
  { mimeType: 'audio/mpeg', bytes: ascii('ID3') },
  { mimeType: 'audio/ogg', bytes: ascii('OggS') },
  { mimeType: 'audio/flac', bytes: ascii('fLaC') },
  { mimeType: 'video/mp4', bytes: ascii('ftyp'), offset: 4 },
  { mimeType: 'video/webm', bytes: [0x1a, 0x45, 0xdf, 0xa3] },
];

/** The type given when no signature matches. */
export const fallbackMimeType = 'application/octet-stream';

/**
 * Guesses the mime type of binary content from its first bytes (PNG, JPEG, GIF, WEBP, PDF, ZIP,
 * MP4…), falling back to `application/octet-stream`.
 *
 * @example
 * ```ts
 * sniffMimeType(Buffer.from('%PDF-1.7')); // 'application/pdf'
 * sniffMimeType(Buffer.from('hello')); // 'application/octet-stream'
 * ```
 */
export function sniffMimeType(buffer: Buffer): string {
  const match = signatures.find(({ bytes, offset = 0 }) =>
    bytes.every((byte, index) => buffer[offset + index] === byte),
  );

  return match?.mimeType ?? fallbackMimeType;
}
