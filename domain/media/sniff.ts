// What a file is, from its first bytes (its "magic"), never from its name or the type the browser
// claims: the artist's uploads (issue 22 item 5) are checked this way before anything is kept.
// Pure: takes the first bytes (64 are enough), gives an accepted content type or null.

const ascii = (bytes: Uint8Array, from: number, length: number): string => String.fromCharCode(...bytes.subarray(from, from + length));
const startsWith = (bytes: Uint8Array, prefix: number[], from = 0): boolean => prefix.every((byte, i) => bytes[from + i] === byte);

export type SniffedKind = 'image' | 'audio' | 'video';

/** The content type the bytes are, given what kind of file is expected (WebM and OGG hold audio or video), or null. */
export function sniffContentType(head: Uint8Array, expected: SniffedKind): string | null {
  if (head.length < 12) return null;
  if (startsWith(head, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (ascii(head, 0, 6) === 'GIF87a' || ascii(head, 0, 6) === 'GIF89a') return 'image/gif';
  if (ascii(head, 0, 4) === 'RIFF' && ascii(head, 8, 4) === 'WEBP') return 'image/webp';
  if (ascii(head, 0, 4) === 'RIFF' && ascii(head, 8, 4) === 'WAVE') return 'audio/wav';
  if (ascii(head, 4, 4) === 'ftyp') {
    const brand = ascii(head, 8, 4);
    if (brand === 'avif' || brand === 'avis') return 'image/avif';
    if (brand === 'qt  ') return 'video/quicktime';
    if (brand === 'M4A ' || brand === 'M4B ') return 'audio/mp4';
    if (['heic', 'heix', 'hevc', 'mif1', 'msf1'].includes(brand)) return null;
    return expected === 'audio' ? 'audio/mp4' : 'video/mp4';
  }
  if (startsWith(head, [0x1a, 0x45, 0xdf, 0xa3])) return expected === 'audio' ? 'audio/webm' : 'video/webm';
  if (ascii(head, 0, 4) === 'OggS') return expected === 'video' ? 'video/ogg' : 'audio/ogg';
  if (ascii(head, 0, 3) === 'ID3') return 'audio/mpeg';
  if (head[0] === 0xff && (head[1]! & 0xf6) === 0xf0) return 'audio/aac';
  if (head[0] === 0xff && (head[1]! & 0xe0) === 0xe0) return 'audio/mpeg';
  return null;
}
