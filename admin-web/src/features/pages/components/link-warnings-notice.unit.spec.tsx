import { expect } from 'chai';
import { screen, waitFor, within } from '@testing-library/react';
import { errorItem } from '@pagelog/contracts/error-catalogue';
import type { ErrorItem } from '@pagelog/contracts/envelope';
import { changeTitle, openEditor } from '../../../testing/page-editor';
import { aBlock, aPage, aVersion, pageServer } from '../../../testing/pages';
import { success } from '../../../testing/replies';

const cta = aBlock({ type: 'callToAction', key: 'cta', props: { title: 'Verder', text: '', buttonText: 'Lees meer', url: 'page:p-concept', style: 'primary' } });
const text = aBlock({ type: 'text', key: 'txt', props: { html: '<p><a href="/weg">weg</a></p>' } });
const version = aVersion({ blocks: [aBlock({ key: 'kop', props: { text: 'Kop', level: 2 } }), cta, text] });

const warning = (code: 'PM_02' | 'PM_03', property: string, detail: string): ErrorItem => {
  const item = errorItem(code, property, 'pageVersion');
  return { ...item, message: `${item.message.replace(/\.$/, '')}: ${detail}.` };
};
const warnings = [warning('PM_02', 'blocks[1].props.url', '"Concept" (/concept)'), warning('PM_03', 'blocks[2].props.html', '/weg')];

/** The notice's items; none while it is not shown. */
const notice = () => screen.queryByText('Some links point at pages the site does not show')?.closest('section') ?? null;
const items = () => within(notice()!).getAllByRole('listitem').map((item) => item.textContent);

describe('links to pages that are not published, after a save or publication', () => {
  it('lists each link the save warned about by its block, its field and the page, and closes', async () => {
    const server = pageServer(aPage(), version);
    server.answer('pageVersionStore', { ...success({ pageID: 'page-1', pageVersionID: version.id, revision: 5, merged: false }), Warnings: warnings });
    const { user } = await openEditor({ server });
    expect(notice()).to.equal(null);
    await changeTitle(user, 'Nieuwe titel');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(notice()).to.not.equal(null));
    expect(items()).to.deep.equal([
      '2. Call to action, Button link: This link points at a page that is not published: "Concept" (/concept).',
      '3. Rich text, Text: This link points at a page that does not exist: /weg.',
    ]);
    // Saved all the same.
    expect(screen.getByText('Page saved.')).to.exist;
    await user.click(within(notice()!).getByRole('button', { name: 'Close this notice' }));
    expect(notice()).to.equal(null);
  });

  it('says what a publication warned about, and nothing once a save warns about nothing', async () => {
    const server = pageServer(aPage({ status: 'concept' }), version);
    server.answer('pagePublish', { ...success({ pageID: 'page-1', publishedVersionID: version.id, revision: 5 }), Warnings: [warnings[0]!] });
    const { user } = await openEditor({ server });
    await user.click(screen.getByRole('button', { name: 'Publish' }));
    await waitFor(() => expect(notice()).to.not.equal(null));
    expect(items()).to.deep.equal(['2. Call to action, Button link: This link points at a page that is not published: "Concept" (/concept).']);

    await changeTitle(user, 'Nieuwe titel');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(notice()).to.equal(null));
  });
});
