// What an uploaded file is, from its bytes: the name and the declared type are the client's
// and are never trusted.

const starts = (data: Buffer, bytes: number[], offset = 0): boolean =>
  data.length >= offset + bytes.length && bytes.every((b, i) => data[offset + i] === b);
const ascii = (data: Buffer, text: string, offset = 0): boolean =>
  data.length >= offset + text.length && data.toString('latin1', offset, offset + text.length) === text;

/** The media type the content shows, or null when it is none we know. */
export function sniffMediaType(data: Buffer): string | null {
  if (starts(data, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (starts(data, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (ascii(data, 'GIF87a') || ascii(data, 'GIF89a')) return 'image/gif';
  if (ascii(data, 'RIFF') && ascii(data, 'WEBP', 8)) return 'image/webp';
  if (starts(data, [0x49, 0x49, 0x2a, 0x00]) || starts(data, [0x4d, 0x4d, 0x00, 0x2a])) return 'image/tiff';
  if (ascii(data, 'ftyp', 4)) {
    const brand = data.toString('latin1', 8, 12);
    if (['avif', 'avis'].includes(brand)) return 'image/avif';
    if (['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'mif1', 'msf1'].includes(brand)) return 'image/heif';
  }
  if (ascii(data, '%PDF-')) return 'application/pdf';
  return null;
}

/** A file name safe to log or store: the last path segment, printable, at most 255 characters. */
export function safeFilename(name: string | undefined): string {
  const base = (name ?? '').split(/[\\/]/).pop() ?? '';
  const clean = base
    .replace(/[^\w.\- ()]+/g, '_')
    .replace(/^\.+/, '')
    .slice(0, 255);
  return clean || 'upload';
}
