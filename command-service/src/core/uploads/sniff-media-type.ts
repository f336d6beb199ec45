import { createReadStream } from 'node:fs';
import { fileTypeFromBuffer } from 'file-type';
import { fileTypeFromFile } from 'file-type/node';
import type { MediaFileKind } from '@pagelog/contracts/media/media';

/** What a media upload is, judged by its bytes. */
export interface SniffedMediaType {
  kind: MediaFileKind;
  contentType: string;
  /** For raster images: the format sharp should find in the header (sharp calls AVIF heif). */
  raster: 'jpeg' | 'png' | 'gif' | 'webp' | 'heif' | null;
}

const image = (contentType: string, raster: NonNullable<SniffedMediaType['raster']>, kind: MediaFileKind = 'image'): SniffedMediaType => ({ kind, contentType, raster });
const document = (contentType: string): SniffedMediaType => ({ kind: 'document', contentType, raster: null });

/** Office Open XML and OpenDocument files: zip archives file-type tells apart by their entries. */
const containerDocuments = new Set(['docx', 'xlsx', 'pptx', 'odt', 'ods', 'odp']);

/**
 * The type of a media upload from its bytes, never from its name or a declared type (file-type
 * reads the magic numbers, and the entries of zip containers): JPEG, PNG, GIF, WebP and AVIF
 * images; SVG (text whose root element is `<svg>`); PDF, Office Open XML, OpenDocument and
 * legacy Office documents; plain text and CSV (valid UTF-8 without NUL, not markup). Null for
 * anything else: programs, archives, HTML, other XML.
 */
export async function sniffMediaType(path: string): Promise<SniffedMediaType | null> {
  const detected = await fileTypeFromFile(path);
  const byMagic = typeByMagic(detected?.ext);
  if (byMagic !== 'text' && byMagic !== 'cfb') return byMagic === 'container' ? document(detected!.mime) : byMagic;
  if (byMagic === 'cfb') return legacyOffice(path);
  return sniffText(path);
}

/** What file-type's verdict says: a type, refused (null), or a closer look (text, compound file, container). */
function typeByMagic(ext: string | undefined): SniffedMediaType | null | 'text' | 'cfb' | 'container' {
  switch (ext) {
    case undefined:
      return 'text';
    case 'jpg':
      return image('image/jpeg', 'jpeg');
    case 'png':
    case 'apng':
      return image('image/png', 'png');
    case 'gif':
      return image('image/gif', 'gif', 'gif');
    case 'webp':
      return image('image/webp', 'webp');
    case 'avif':
      return image('image/avif', 'heif');
    case 'pdf':
      return document('application/pdf');
    case 'cfb':
      return 'cfb';
    case 'xml':
      // An XML declaration: an SVG is taken, any other XML is not.
      return 'text';
    default:
      return containerDocuments.has(ext) ? 'container' : null;
  }
}

/** How many leading bytes of an upload judge its type while the rest streams into the store. */
export const MEDIA_HEAD_BYTES = 1024 * 1024;

/**
 * A verdict on an upload from its first bytes (`head`, the whole file when `complete`): its type,
 * with the check the rest of the bytes must still pass (text stays valid UTF-8 without NUL);
 * null when refused; 'undecided' when only a later part can tell (a zip container whose
 * telling entry, or a compound file whose directory, lies past the head). On a complete file it
 * says what sniffMediaType says.
 */
export type HeadVerdict = { type: SniffedMediaType; rest: TextCheck | null } | null | 'undecided';

export async function sniffMediaHead(head: Buffer, complete: boolean): Promise<HeadVerdict> {
  // A zip cut short by the head can throw where the whole file would not: then the rest decides.
  const detected = await fileTypeFromBuffer(head).catch(() => 'failed' as const);
  if (detected === 'failed') return complete ? null : 'undecided';
  const byMagic = typeByMagic(detected?.ext);
  if (byMagic === 'container') return { type: document(detected!.mime), rest: null };
  if (byMagic === 'cfb') {
    const type = legacyOfficeIn(head, 0);
    return type ? { type, rest: null } : complete ? null : 'undecided';
  }
  if (byMagic === 'text') {
    const check = new TextCheck();
    if (!check.push(head) || (complete && !check.end())) return null;
    const type = textType(check.head);
    return type ? { type, rest: complete ? null : check } : null;
  }
  // A zip that names no document type within the head may still be one further on.
  if (byMagic === null && detected?.ext === 'zip' && !complete) return 'undecided';
  return byMagic === null ? null : { type: byMagic, rest: null };
}

/** How much of a text file's start is searched for its root element. */
const TEXT_HEAD_CHARS = 256 * 1024;

/**
 * Plain text (and CSV) when the whole file is valid UTF-8 without NUL; an SVG when its root
 * element is `<svg>`; null for other markup (HTML, XML), so a page of script is never stored as
 * a document.
 */
async function sniffText(path: string): Promise<SniffedMediaType | null> {
  const check = new TextCheck();
  for await (const chunk of createReadStream(path, { highWaterMark: 1024 * 1024 })) {
    if (!check.push(chunk as Buffer)) return null;
  }
  return check.end() ? textType(check.head) : null;
}

/** Plain text, an SVG, or (other markup) null, by the text's root element. */
function textType(head: string): SniffedMediaType | null {
  const root = rootElement(head);
  if (root === null) return document('text/plain; charset=utf-8');
  return root === 'svg' ? { kind: 'svg', contentType: 'image/svg+xml', raster: null } : null;
}

/**
 * Text judged chunk by chunk as it arrives: false once it is not UTF-8 or holds a NUL. Keeps the
 * first TEXT_HEAD_CHARS characters, where the root element of markup is looked for.
 */
export class TextCheck {
  private readonly decoder = new TextDecoder('utf-8', { fatal: true });
  head = '';

  push(chunk: Uint8Array): boolean {
    let text: string;
    try {
      text = this.decoder.decode(chunk, { stream: true });
    } catch {
      return false; // not UTF-8
    }
    if (text.includes('\u0000')) return false;
    if (this.head.length < TEXT_HEAD_CHARS) this.head += text.slice(0, TEXT_HEAD_CHARS - this.head.length);
    return true;
  }

  /** After the last chunk: false when the text ends inside a character. */
  end(): boolean {
    try {
      this.decoder.decode();
      return true;
    } catch {
      return false;
    }
  }
}

/**
 * The name of the first element of markup (lower case), after a byte-order mark, white space,
 * an XML declaration, processing instructions, comments and a doctype; null when the text does
 * not start as markup; '' when it starts as markup without a recognisable element.
 */
export function rootElement(text: string): string | null {
  let rest = text.replace(/^\uFEFF/, '').trimStart();
  if (!rest.startsWith('<')) return null;
  for (;;) {
    rest = rest.trimStart();
    const skip =
      rest.startsWith('<?') ? rest.indexOf('?>') + 2
      : rest.startsWith('<!--') ? rest.indexOf('-->') + 3
      : /^<!doctype/i.test(rest) ? doctypeEnd(rest)
      : 0;
    if (skip === 0) break;
    if (skip < 3) return '';
    rest = rest.slice(skip);
  }
  const m = /^<([A-Za-z][A-Za-z0-9:._-]*)[\s/>]/.exec(rest);
  return m ? m[1]!.toLowerCase() : '';
}

/** Where a doctype ends, internal subset (`[...]`) included; 0 when it does not. */
function doctypeEnd(text: string): number {
  const bracket = text.indexOf('[');
  const close = text.indexOf('>');
  if (bracket !== -1 && bracket < close) {
    const end = text.indexOf(']', bracket);
    const after = end === -1 ? -1 : text.indexOf('>', end);
    return after === -1 ? 0 : after + 1;
  }
  return close === -1 ? 0 : close + 1;
}

/** Streams of a legacy Office file (names in its compound file's directory, UTF-16LE) and their types. */
const officeStreams: [string, string][] = [
  ['WordDocument', 'application/msword'],
  ['Workbook', 'application/vnd.ms-excel'],
  ['Book', 'application/vnd.ms-excel'],
  ['PowerPoint Document', 'application/vnd.ms-powerpoint'],
];

/**
 * A compound file (MS-CFB) is a legacy Word, Excel or PowerPoint document when its directory
 * names the main stream of one; other compound files (installers among them) are refused. The
 * directory may lie anywhere in the file, so the file is searched for the names as the
 * directory stores them (UTF-16LE, at the start of a 128-byte entry).
 */
async function legacyOffice(path: string): Promise<SniffedMediaType | null> {
  const overlap = Math.max(...officePatterns.map((p) => p.bytes.length));
  let carry = Buffer.alloc(0);
  let offset = 0;
  for await (const chunk of createReadStream(path, { highWaterMark: 1024 * 1024 })) {
    const window = Buffer.concat([carry, chunk as Buffer]);
    const found = legacyOfficeIn(window, offset - carry.length);
    if (found) return found;
    offset += (chunk as Buffer).length;
    carry = window.subarray(Math.max(0, window.length - overlap));
  }
  return null;
}

const officePatterns = officeStreams.map(([name, type]) => ({ bytes: Buffer.from(`${name}\u0000`, 'utf16le'), type }));

/** The legacy Office type whose main stream's directory entry lies in `window` (which starts at byte `start` of the file). */
function legacyOfficeIn(window: Buffer, start: number): SniffedMediaType | null {
  for (const { bytes, type } of officePatterns) {
    for (let at = window.indexOf(bytes); at !== -1; at = window.indexOf(bytes, at + 1)) {
      // Directory entries are 128 bytes each and start on a sector boundary (a multiple of 512).
      if ((start + at) % 128 === 0) return document(type);
    }
  }
  return null;
}
