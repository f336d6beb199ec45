import { expect } from 'chai';
import { screen, waitFor } from '@testing-library/react';
import { fakeServer } from '../../../testing/fake-server';
import { renderAdmin } from '../../../testing/render';
import { errorItem } from '@pagelog/contracts/error-catalogue';
import { within } from '@testing-library/react';
import { failure, success } from '../../../testing/replies';

const field = (label: string) => screen.getByLabelText(label, { exact: true }) as HTMLInputElement;

describe('the new-page screen with a parent (from the site structure\'s "Add page")', () => {
  it('starts the slug with the parent\'s, follows the title after it, and creates the page there', async () => {
    const server = fakeServer({ pageCreate: success({ pageID: 'page-new', pageVersionID: 'version-new', revision: 1 }) });
    const { user, router } = renderAdmin('/new-page?parent=expertise%2Fenergie&locale=en-gb', { server });
    await screen.findByRole('heading', { name: 'New page' });
    expect(field('Slug').value).to.equal('expertise/energie/');
    expect(screen.getByText(/The page goes under \/en-gb\/expertise\/energie: its slug starts with “expertise\/energie\/”\./)).to.exist;
    await waitFor(() => expect((field('Locale') as unknown as HTMLSelectElement).value).to.equal('en-gb'));

    await user.type(field('Title'), 'Wind op zee');
    expect(field('Slug').value).to.equal('expertise/energie/wind-op-zee');
    // Emptying the title leaves the parent's part.
    await user.clear(field('Title'));
    expect(field('Slug').value).to.equal('expertise/energie/');
    await user.type(field('Title'), 'Zon');
    await user.click(screen.getByRole('button', { name: 'Create page' }));

    await waitFor(() => expect(router.state.location.pathname).to.equal('/cmsadmin/pages/page-new'));
    expect(server.callsOf('pageCreate')[0]?.body).to.deep.include({ title: 'Zon', slug: 'expertise/energie/zon', locale: 'en-gb' });
  });

  it('puts a page under the home page at the top level', async () => {
    renderAdmin('/new-page?parent=home');
    await screen.findByRole('heading', { name: 'New page' });
    expect(field('Slug').value).to.equal('');
    expect(screen.getByText(/The page goes at the top level, under the home page\./)).to.exist;
  });

  it('ignores a parent that is not a slug, and a locale it does not know', async () => {
    renderAdmin('/new-page?parent=..%2Fetc&locale=xx');
    await screen.findByRole('heading', { name: 'New page' });
    expect(field('Slug').value).to.equal('');
    expect(screen.queryByText(/The page goes under/)).to.equal(null);
    // The site's default locale instead.
    await waitFor(() => expect((field('Locale') as unknown as HTMLSelectElement).value).to.equal('nl-nl'));
  });
});

describe('the new-page screen after a refused create', () => {
  it('drops the server\'s message about a field from its mark and the summary once the field is changed', async () => {
    const server = fakeServer({ pageCreate: failure(400, errorItem('V_06', 'slug', 'page')) });
    const { user } = renderAdmin('/new-page', { server });
    await screen.findByRole('heading', { name: 'New page' });
    await user.type(field('Title'), 'Over ons');
    await user.click(screen.getByRole('button', { name: 'Create page' }));
    const summary = await screen.findByRole('alert');
    await waitFor(() => expect(within(summary).getAllByRole('listitem')).to.have.length(1));
    expect(field('Slug').getAttribute('aria-invalid')).to.equal('true');

    await user.type(field('Slug'), '-2');
    await waitFor(() => expect(screen.queryByRole('alert')).to.equal(null));
    expect(field('Slug').getAttribute('aria-invalid')).to.equal(null);
  });
});

describe('the new-page screen after the checks refused a create', () => {
  const summary = () => {
    const list = document.querySelector('.error-list[data-collection="create-page"]');
    return list ? within(list as HTMLElement).getAllByRole('listitem').map((item) => item.textContent) : [];
  };

  it('keeps its summary and the field borders in step with the fields as they are fixed and broken again', async () => {
    const server = fakeServer();
    const { user } = renderAdmin('/new-page', { server });
    await screen.findByRole('heading', { name: 'New page' });
    await user.click(screen.getByRole('button', { name: 'Create page' }));
    await waitFor(() => expect(summary()).to.deep.equal(['The Title field is required.', 'The Slug field is required.']));
    expect(field('Title').getAttribute('aria-invalid')).to.equal('true');

    await user.type(field('Title'), 'Over ons');
    await waitFor(() => expect(summary()).to.deep.equal([]));
    expect(field('Title').getAttribute('aria-invalid')).to.equal(null);
    // Emptied again, the title (and the slug that followed it) are wrong again.
    await user.clear(field('Title'));
    await waitFor(() => expect(summary()).to.deep.equal(['The Title field is required.', 'The Slug field is required.']));
    expect(field('Title').getAttribute('aria-invalid')).to.equal('true');
    expect(server.callsOf('pageCreate')).to.deep.equal([]);
  });

  it('keeps a message about a field while the field is changed but still wrong', async () => {
    const { user } = renderAdmin('/new-page');
    await screen.findByRole('heading', { name: 'New page' });
    await user.type(field('Title'), 'Over ons');
    await user.clear(field('Slug'));
    await user.type(field('Slug'), 'over ons!');
    await user.click(screen.getByRole('button', { name: 'Create page' }));
    await waitFor(() => expect(summary()).to.deep.equal(['The Slug is not valid.']));
    await user.type(field('Slug'), '?');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(summary()).to.deep.equal(['The Slug is not valid.']);
    await user.clear(field('Slug'));
    await user.type(field('Slug'), 'over-ons');
    await waitFor(() => expect(summary()).to.deep.equal([]));
    expect(field('Slug').getAttribute('aria-invalid')).to.equal(null);
  });
});
