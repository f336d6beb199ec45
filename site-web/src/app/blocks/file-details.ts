import type { BlockFile } from '@pagelog/contracts/blocks/block';
import { htmlLang } from '../html-lang';

/** Names of common types where the extension alone would not say it ("JPEG", not "JPG"). */
const typeNames: Readonly<Record<string, string>> = { jpg: 'JPEG', jpeg: 'JPEG', tif: 'TIFF', htm: 'HTML' };

/** The kind of file a visitor would recognise: PDF, DOCX, XLSX; from the name, else from the media type. */
export function fileTypeLabel(file: Pick<BlockFile, 'fileName' | 'contentType'>): string {
  const extension = /\.([a-z0-9]{1,8})$/i.exec(file.fileName)?.[1]?.toLowerCase();
  if (extension !== undefined) return typeNames[extension] ?? extension.toUpperCase();
  const subtype = /^[^/]+\/([a-z0-9]{1,8})$/i.exec(file.contentType ?? '')?.[1];
  return subtype !== undefined ? subtype.toUpperCase() : '';
}

/** A file size as people read it: 840 kB, 1.2 MB (decimal units, the locale's decimal sign). */
export function fileSizeLabel(bytes: number, locale: string): string {
  const units = ['B', 'kB', 'MB', 'GB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit += 1;
  }
  const format = new Intl.NumberFormat(htmlLang(locale) || 'en', { maximumFractionDigits: unit === 0 || value >= 10 ? 0 : 1 });
  return `${format.format(value)} ${units[unit]}`;
}

/** What a download link says about its file besides the name: "PDF, 1.2 MB", what is known of it. */
export function fileDetails(file: BlockFile, locale: string): string {
  return [fileTypeLabel(file), typeof file.size === 'number' && file.size >= 0 ? fileSizeLabel(file.size, locale) : ''].filter(Boolean).join(', ');
}
