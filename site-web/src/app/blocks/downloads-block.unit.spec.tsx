import { expect } from 'chai';
import { renderToStaticMarkup } from 'react-dom/server';
import type { Block, BlockFile } from '@pagelog/contracts/blocks/block';
import { BlockList } from './block-list';

const hash = 'fedcba9876543210'.repeat(4);
const downloads = (files: BlockFile[], title = ''): Block => ({ type: 'downloads', key: 'stukken', props: { title }, anchorPoint: '', __files: files });

function render(block: Block, locale = 'en-gb'): Document {
  const html = renderToStaticMarkup(<BlockList blocks={[block]} pageID="page-1" locale={locale} />);
  return new DOMParser().parseFromString(`<body>${html}</body>`, 'text/html') as unknown as Document;
}

describe('the downloads block', () => {
  it('lists a download link per file to its get-page-file address in the block_files group, named by the file, under the title', () => {
    const doc = render(downloads([{ hash, fileName: 'Jaarverslag 2025.pdf' }, { hash, fileName: 'begroting.xlsx' }], 'Stukken'));
    const links = [...doc.querySelectorAll('section.block-downloads li a')];

    expect(doc.querySelector('h2')!.textContent).to.equal('Stukken');
    expect(links.map((a) => a.getAttribute('href'))).to.deep.equal([
      `/api/cms/medialib/get-page-file/page-1/block_files_stukken/${hash}/Jaarverslag%202025.pdf?download=1`,
      `/api/cms/medialib/get-page-file/page-1/block_files_stukken/${hash}/begroting.xlsx?download=1`,
    ]);
    expect(links.map((a) => a.getAttribute('download'))).to.deep.equal(['Jaarverslag 2025.pdf', 'begroting.xlsx']);
    expect(links.map((a) => a.textContent)).to.deep.equal(['Jaarverslag 2025.pdf (PDF)', 'begroting.xlsx (XLSX)']);
  });

  it('says the size when it is known, in the way of the page locale, and the type from the media type when the name has no extension', () => {
    const files = [
      { hash, fileName: 'rapport.docx', size: 1_234_567 },
      { hash, fileName: 'notulen', contentType: 'application/pdf', size: 840_000 },
      { hash, fileName: 'foto.JPG', size: 512 },
    ];

    expect([...render(downloads(files)).querySelectorAll('a')].map((a) => a.textContent)).to.deep.equal(['rapport.docx (DOCX, 1.2 MB)', 'notulen (PDF, 840 kB)', 'foto.JPG (JPEG, 512 B)']);
    expect(render(downloads(files), 'nl-nl').querySelector('a')!.textContent).to.equal('rapport.docx (DOCX, 1,2 MB)');
  });

  it('leaves out the title when there is none, and the whole block when it has no files', () => {
    expect(render(downloads([{ hash, fileName: 'a.pdf' }])).querySelector('h2')).to.equal(null);
    expect(renderToStaticMarkup(<BlockList blocks={[downloads([], 'Leeg')]} pageID="page-1" />)).to.equal('');
  });
});
