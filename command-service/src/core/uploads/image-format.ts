/** The image formats Pagelog takes, as sharp names them. */
export type ImageFormat = 'jpeg' | 'png' | 'webp' | 'gif' | 'avif';

export const imageContentTypes: Record<ImageFormat, string> = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  gif: 'image/gif',
  avif: 'image/avif',
};

/** How many leading bytes sniffImageFormat needs. */
export const IMAGE_HEAD_BYTES = 16;

const ascii = (text: string) => Buffer.from(text, 'latin1');
const startsWith = (head: Uint8Array, magic: Uint8Array, at = 0) =>
  head.length >= at + magic.length && magic.every((byte, i) => head[at + i] === byte);

const signatures: { format: ImageFormat; matches: (head: Uint8Array) => boolean }[] = [
  { format: 'jpeg', matches: (h) => startsWith(h, Buffer.from([0xff, 0xd8, 0xff])) },
  { format: 'png', matches: (h) => startsWith(h, Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) },
  { format: 'gif', matches: (h) => startsWith(h, ascii('GIF87a')) || startsWith(h, ascii('GIF89a')) },
  { format: 'webp', matches: (h) => startsWith(h, ascii('RIFF')) && startsWith(h, ascii('WEBP'), 8) },
  // An ISO media file whose major brand is AVIF (a still image or a sequence).
  { format: 'avif', matches: (h) => startsWith(h, ascii('ftyp'), 4) && (startsWith(h, ascii('avif'), 8) || startsWith(h, ascii('avis'), 8)) },
];

/**
 * The format of an image from its first bytes (magic numbers), never from a file name or a
 * declared type; null for anything else (HTML, SVG, a PDF...).
 */
export function sniffImageFormat(head: Uint8Array): ImageFormat | null {
  return signatures.find((s) => s.matches(head))?.format ?? null;
}
