import { pageFileGroup } from '@pagelog/contracts/media/media';
import { pageFileUrl } from '@pagelog/contracts/media/media-urls';
import type { PublicPageView } from '@pagelog/contracts/pages/page';
import { typeDataFile } from '@pagelog/contracts/pages/type-data-fields';
import { fileDetails } from '../blocks/file-details';
import { formIds } from '../blocks/form-embed-block';
import { textIn } from '@pagelog/contracts/forms/form-fields';
import { gatedDownloadOf, GATED_DOWNLOAD_NOTE } from '@pagelog/contracts/forms/gated-download';
import { text } from '../blocks/prop-text';
import { pageTypeTexts } from './page-type-texts';
import { formatPublicationDate } from './publication-date';

/**
 * What a publication shows under its title (contracts' page type `publication`): its authors and
 * publication date as facts, the summary, and the main download as a link that names the file
 * with its type and size (served as the page's file, group `type_file_mainDownload`). Each only
 * when set. A main download the page gates behind its download form is named without a link,
 * with a link to the form instead: the form hands out the file's link.
 */
export function PublicationDetails({ page }: { page: PublicPageView }) {
  const props = page.pageVersion.pageType?.props ?? {};
  const words = pageTypeTexts(page.locale);
  const authors = text(props.authors);
  const date = formatPublicationDate(props.publicationDate, page.locale);
  const summary = text(props.summary);
  const file = typeDataFile(props, 'mainDownload');
  if (authors === '' && date === null && summary === '' && file === null) return null;
  const details = file === null ? '' : fileDetails(file, page.locale);
  const gated = file === null ? null : gatedDownloadOf(page.pageVersion.blocks, props);
  return (
    <div className="article-intro">
      {(authors !== '' || date !== null) && (
        <dl className="page-facts">
          {authors !== '' && (
            <div className="page-facts__item">
              <dt>{words.authors}</dt>
              <dd>{authors}</dd>
            </div>
          )}
          {date !== null && (
            <div className="page-facts__item">
              <dt>{words.published}</dt>
              <dd>
                <time dateTime={text(props.publicationDate)}>{date}</time>
              </dd>
            </div>
          )}
        </dl>
      )}
      {summary !== '' && <p className="article-summary">{summary}</p>}
      {file !== null && gated !== null && (
        <p className="main-download main-download--gated">
          <span className="main-download__name">{file.fileName}</span>
          {details !== '' && <span className="main-download__details">{` (${details})`}</span>}{' '}
          <a className="main-download__gate" href={`#${formIds(gated.formBlockKey).base}`}>
            {textIn(GATED_DOWNLOAD_NOTE, page.locale)}
          </a>
        </p>
      )}
      {file !== null && gated === null && (
        <p className="main-download">
          <a
            className="main-download__link"
            href={pageFileUrl(page.pageVersion.pageID, pageFileGroup({ kind: 'type_file', field: 'mainDownload' }), file.hash, file.fileName, { download: true })}
            download={file.fileName}
          >
            <span className="main-download__action">{words.download}</span> <span className="main-download__name">{file.fileName}</span>
            {details !== '' && <span className="main-download__details">{` (${details})`}</span>}
          </a>
        </p>
      )}
    </div>
  );
}
