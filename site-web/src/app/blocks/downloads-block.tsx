import type { Block } from '@pagelog/contracts/blocks/block';
import { pageFileGroup } from '@pagelog/contracts/media/media';
import { pageFileUrl } from '@pagelog/contracts/media/media-urls';
import { textIn } from '@pagelog/contracts/forms/form-fields';
import { GATED_DOWNLOAD_NOTE, GATED_PROP } from '@pagelog/contracts/forms/gated-download';
import type { BlockContext } from './block-component';
import { fileDetails } from './file-details';

/** The gated file of the block, as preparePage marked it: its hash and the form's anchor. */
function gatedOf(props: Record<string, unknown>): { hash: string; form: string } | null {
  const value = props[GATED_PROP];
  if (typeof value !== 'object' || value === null) return null;
  const { hash, form } = value as Record<string, unknown>;
  return typeof hash === 'string' && typeof form === 'string' && form.startsWith('#') ? { hash, form } : null;
}

/**
 * Files from the media library to download: a link each, with the file's type and size when
 * known. A file the page gates behind its download form is named without a link, with a link
 * to the form instead.
 */
export function DownloadsBlock({ block, context }: { block: Block; context: BlockContext }) {
  const files = block.__files ?? [];
  if (files.length === 0) return null;
  const title = typeof block.props.title === 'string' ? block.props.title.trim() : '';
  const group = pageFileGroup({ kind: 'block_files', blockId: block.key });
  const gated = gatedOf(block.props);
  return (
    <section className="block block-downloads">
      {title !== '' && <h2 className="block-downloads__title">{title}</h2>}
      <ul className="block-downloads__list">
        {files.map((file, index) => {
          const details = fileDetails(file, context.locale);
          if (gated !== null && gated.hash === file.hash) {
            return (
              <li key={`${file.hash}-${index}`} className="block-downloads__item block-downloads__item--gated">
                <span className="block-downloads__name">{file.fileName}</span>
                {details !== '' && <span className="block-downloads__details"> ({details})</span>}{' '}
                <a className="block-downloads__gate" href={gated.form}>
                  {textIn(GATED_DOWNLOAD_NOTE, context.locale)}
                </a>
              </li>
            );
          }
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
