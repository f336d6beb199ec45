import type { Block, BlockFile } from '@pagelog/contracts/blocks/block';
import { pageFileGroup } from '@pagelog/contracts/media/media';
import { pageFileUrl } from '@pagelog/contracts/media/media-urls';
import { htmlLang } from '../html-lang';
import type { BlockContext } from './block-component';

/** Names of common types where the extension alone would not say it ("JPEG", not "JPG"). */
const typeNames: Readonly<Record<string, string>> = { jpg: 'JPEG', jpeg: 'JPEG', tif: 'TIFF', htm: 'HTML' };

/** The kind of file a visitor would recognise: PDF, DOCX, XLSX; from the name, else from the media type. */
function fileTypeLabel(file: Pick<BlockFile, 'fileName' | 'contentType'>): string {
  const extension = /\.([a-z0-9]{1,8})$/i.exec(file.fileName)?.[1]?.toLowerCase();
  if (extension !== undefined) return typeNames[extension] ?? extension.toUpperCase();
  const subtype = /^[^/]+\/([a-z0-9]{1,8})$/i.exec(file.contentType ?? '')?.[1];
  return subtype !== undefined ? subtype.toUpperCase() : '';
}

/** A file size as people read it: 840 kB, 1.2 MB (decimal units, the locale's decimal sign). */
function fileSizeLabel(bytes: number, locale: string): string {
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

/** Files from the media library to download: a link each, with the file's type and size when known. */
export function DownloadsBlock({ block, context }: { block: Block; context: BlockContext }) {
  const files = block.__files ?? [];
  if (files.length === 0) return null;
  const title = typeof block.props.title === 'string' ? block.props.title.trim() : '';
  const group = pageFileGroup({ kind: 'block_files', blockId: block.key });
  return (
    <section className="block block-downloads">
      {title !== '' && <h2 className="block-downloads__title">{title}</h2>}
      <ul className="block-downloads__list">
        {files.map((file, index) => {
          const details = [fileTypeLabel(file), typeof file.size === 'number' && file.size >= 0 ? fileSizeLabel(file.size, context.locale) : ''].filter(Boolean).join(', ');
          return (
            <li key={`${file.hash}-${index}`} className="block-downloads__item">
              <a className="block-downloads__link" href={pageFileUrl(context.pageID, group, file.hash, file.fileName, { download: true })} download={file.fileName}>
                <span className="block-downloads__name">{file.fileName}</span>
                {details !== '' && <span className="block-downloads__details"> ({details})</span>}
              </a>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
