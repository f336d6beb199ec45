import type { Block } from '@pagelog/contracts/blocks/block';
import { pageFileGroup } from '@pagelog/contracts/media/media';
import { pageFileUrl } from '@pagelog/contracts/media/media-urls';
import type { BlockContext } from './block-component';
import { fileDetails } from './file-details';

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
          const details = fileDetails(file, context.locale);
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
