import { expect } from 'chai';
import { render, screen, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { LogoutConfirmation } from '../features/auth/components/logout-confirmation';
import { renderAdmin } from '../testing/render';
import { aUser } from '../testing/users';
import { createI18n } from './i18n/create-i18n';

interface NavEntry {
  text: string;
  href: string | null;
  active: boolean;
  current: boolean;
}

/** Each entry of the main navigation as a user meets it: text, target, highlight, aria-current. */
function navEntries(): NavEntry[] {
  const nav = screen.getByRole('navigation', { name: 'Main navigation' });
  return [...nav.querySelectorAll<HTMLElement>('a, button')].map((element) => ({
    text: element.textContent ?? '',
    href: element.getAttribute('href'),
    active: element.classList.contains('is-active'),
    current: element.getAttribute('aria-current') === 'page',
  }));
}

const entry = (text: string) => navEntries().find((candidate) => candidate.text === text);
const heading = () => screen.queryByRole('heading', { level: 1 })?.textContent;
const buttonNames = () => screen.queryAllByRole('button').map((button) => button.textContent);
const control = (label: string) => screen.getByLabelText(label, { exact: true });

describe('the admin shell', () => {
  describe('on the page overview, signed in as an administrator', () => {
    beforeEach(() => renderAdmin('/'));

    it('shows the product name and the signed-in user in the top bar', () => {
      const topBar = screen.getByRole('banner');
      expect(within(topBar).getByText('Pagelog')).to.exist;
      expect(within(topBar).getByText('Signed in as Ada Admin')).to.exist;
    });

    it('shows every navigation entry with its English label and /cmsadmin link', () => {
      expect(navEntries().map(({ text, href }) => ({ text, href }))).to.deep.equal([
        { text: 'Dashboard', href: '/cmsadmin/dashboard' },
        { text: 'Page overview', href: '/cmsadmin' },
        { text: 'Site structure', href: '/cmsadmin/site-structure' },
        { text: 'Menu structure', href: '/cmsadmin/menu-structure' },
        { text: 'New page', href: '/cmsadmin/new-page' },
        { text: 'Home pages', href: '/cmsadmin/page-overview/home' },
        { text: 'Articles', href: '/cmsadmin/page-overview/article' },
        { text: 'Publications', href: '/cmsadmin/page-overview/publication' },
        { text: 'Expertise', href: '/cmsadmin/page-overview/expertise' },
        { text: 'Team members', href: '/cmsadmin/page-overview/team-member' },
        { text: 'Vacancies', href: '/cmsadmin/page-overview/vacancy' },
        { text: 'Contact pages', href: '/cmsadmin/page-overview/contact' },
        { text: 'Landing pages', href: '/cmsadmin/page-overview/landing-page' },
        { text: 'Overviews', href: '/cmsadmin/page-overview/overview' },
        { text: 'Media library', href: '/cmsadmin/medialibrary' },
        { text: 'Publication requests', href: '/cmsadmin/publication-requests' },
        { text: 'User management', href: '/cmsadmin/users' },
        { text: 'Site settings', href: '/cmsadmin/site-settings' },
        { text: 'Search index', href: '/cmsadmin/search' },
        { text: 'Tags', href: '/cmsadmin/tags' },
        { text: 'Forms', href: '/cmsadmin/forms' },
        { text: 'Form settings', href: '/cmsadmin/forms/settings' },
        { text: 'Newsletter popup', href: '/cmsadmin/modules/newsletter-popup' },
        { text: 'Audit log', href: '/cmsadmin/audit-log' },
        { text: 'Time travel', href: '/cmsadmin/time-travel' },
        { text: 'Releases', href: '/cmsadmin/releases' },
        { text: 'Settings', href: '/cmsadmin/user/settings' },
        { text: 'Log out', href: null },
      ]);
    });

    it('highlights only Page overview, as the current entry', () => {
      const highlighted = navEntries().filter((candidate) => candidate.active);
      expect(highlighted.map((candidate) => candidate.text)).to.deep.equal(['Page overview']);
      expect(highlighted[0]?.current).to.equal(true);
    });

    it('shows the page overview', () => {
      expect(heading()).to.equal('Page overview');
    });
  });

  describe('for a user whose role lacks manage-users, manage-menu, manage-settings, manage-search, manage-tags, manage-forms and create-page', () => {
    const editor = aUser({ ID: 'user-2', name: 'Ed Itor' }, ['edit-page']);

    it('hides the gated navigation entries', () => {
      renderAdmin('/', { signedIn: editor });
      const texts = navEntries().map((candidate) => candidate.text);
      expect(texts).to.not.include.members(['User management']);
      expect(texts).to.not.include('Menu structure');
      expect(texts).to.not.include('New page');
      expect(texts).to.not.include('Site settings');
      expect(texts).to.not.include('Search index');
      expect(texts).to.not.include('Tags');
      expect(texts).to.not.include('Forms');
      expect(texts).to.not.include('Form settings');
      expect(texts).to.not.include('Newsletter popup');
      expect(texts).to.not.include('Time travel');
      expect(texts).to.not.include('Releases');
      expect(screen.queryByText('Modules')).to.equal(null);
      expect(texts).to.include.members(['Dashboard', 'Page overview', 'Settings', 'Log out']);
    });

    it('shows the CMS Dashboard without its Users area', () => {
      renderAdmin('/dashboard', { signedIn: editor });
      expect(heading()).to.equal('CMS Dashboard');
      expect(screen.queryByRole('button', { name: 'Add user' })).to.equal(null);
      expect(screen.queryByRole('heading', { level: 2, name: 'Users' })).to.equal(null);
    });

    it('says they are not authorised on the user management screen', () => {
      renderAdmin('/users', { signedIn: editor });
      expect(screen.getByText('You are not authorized to do this action.')).to.exist;
      expect(screen.queryByRole('button', { name: 'Add user' })).to.equal(null);
    });
  });

  it('on the site structure, highlights Page overview as the parent and Site structure as the current entry', () => {
    renderAdmin('/site-structure');
    expect(entry('Page overview')).to.include({ active: true, current: false });
    expect(entry('Site structure')).to.include({ active: true, current: true });
  });

  it('shows the media library, highlighted in the navigation, at /medialibrary', () => {
    renderAdmin('/medialibrary');
    expect(heading()).to.equal('Media library');
    expect(navEntries().filter((candidate) => candidate.active).map((candidate) => candidate.href)).to.deep.equal(['/cmsadmin/medialibrary']);
  });

  it('shows the menu editor, highlighted in the navigation, at /menu-structure', () => {
    renderAdmin('/menu-structure');
    expect(heading()).to.equal('Menu structure');
    expect(screen.getByRole('combobox', { name: 'Menu' })).to.exist;
    expect(navEntries().filter((candidate) => candidate.active).map((candidate) => candidate.href)).to.deep.equal(['/cmsadmin/menu-structure']);
  });

  describe('on the newsletter popup screen, as an administrator', () => {
    beforeEach(() => renderAdmin('/modules/newsletter-popup'));

    it('highlights Newsletter popup in the list named Modules', () => {
      expect(entry('Newsletter popup')).to.include({ active: true, current: true });
      const modules = screen.getByRole('list', { name: 'Modules' });
      expect(within(modules).getByRole('link').textContent).to.equal('Newsletter popup');
    });
  });

  describe('on the CMS Dashboard, as an administrator', () => {
    beforeEach(() => renderAdmin('/dashboard'));

    it('is titled exactly "CMS Dashboard" and highlighted in the navigation', () => {
      expect(heading()).to.equal('CMS Dashboard');
      expect(entry('Dashboard')).to.include({ active: true, current: true });
    });

    it('has a Users area with Add user', () => {
      expect(screen.getByRole('heading', { level: 2, name: 'Users' })).to.exist;
      expect(screen.getByRole('button', { name: 'Add user' })).to.exist;
    });
  });

  describe('on user management', () => {
    beforeEach(() => renderAdmin('/users'));

    it('shows the heading, Add user, the search bar and the sortable columns', () => {
      expect(heading()).to.equal('User management');
      expect(screen.getByRole('button', { name: 'Add user' })).to.exist;
      expect(screen.getByRole('searchbox', { name: 'Search' })).to.exist;
      expect(buttonNames()).to.include.members(['Name', 'Email', 'Role']);
      expect(within(screen.getByRole('columnheader', { name: 'Job title' })).queryByRole('button')).to.equal(null);
      expect(control('Sort by').tagName).to.equal('SELECT');
    });

    it('highlights User management', () => {
      expect(entry('User management')).to.include({ active: true, current: true });
    });
  });

  describe('on the personal settings', () => {
    it('labels every field', () => {
      renderAdmin('/user/settings');
      expect(heading()).to.equal('Settings');
      expect(control('Name')).to.have.property('value', 'Ada Admin');
      expect(control('Job title')).to.have.property('value', 'Editor in chief');
      for (const label of ['Current password', 'New password', 'Confirm new password']) {
        expect(control(label).getAttribute('type'), label).to.equal('password');
      }
      expect(control('Profile image').getAttribute('type')).to.equal('file');
      expect(screen.getByRole('button', { name: 'Save' })).to.exist;
    });

    it('offers Remove image only when there is an image', () => {
      renderAdmin('/user/settings');
      expect(screen.queryByRole('button', { name: 'Remove image' })).to.equal(null);
    });

    it('shows the image there is, with Remove image', () => {
      renderAdmin('/user/settings', { signedIn: aUser({ image: '/api/cms/user/user-1/image' }) });
      expect(screen.getByRole('button', { name: 'Remove image' })).to.exist;
      expect(screen.getByRole('img', { name: 'Your profile image' }).getAttribute('src')).to.equal('/api/cms/user/user-1/image');
    });
  });

  it('names the page type on its overview and highlights its entry', () => {
    renderAdmin('/page-overview/landing-page');
    expect(heading()).to.equal('Landing pages');
    expect(entry('Landing pages')).to.include({ active: true, current: true });
    expect(entry('Page overview')?.active).to.equal(false);
  });

  describe('on the page overview', () => {
    it('offers New page, leading to the new-page screen', () => {
      renderAdmin('/');
      expect(within(screen.getByRole('main')).getByRole('link', { name: 'New page' }).getAttribute('href')).to.equal('/cmsadmin/new-page');
    });

    it('filters by locale, page type and status, each starting at all', () => {
      renderAdmin('/');
      const filters = within(screen.getByRole('group', { name: 'Filters' }));
      expect(filters.getByRole('combobox', { name: 'Locale' })).to.have.property('value', '');
      expect(filters.getByRole('option', { name: 'All locales', selected: true })).to.exist;
      expect(filters.getByRole('option', { name: 'All page types', selected: true })).to.exist;
      expect(filters.getByRole('option', { name: 'All statuses', selected: true })).to.exist;
      expect(filters.getByRole('combobox', { name: 'Page type' })).to.exist;
      expect(filters.getByRole('combobox', { name: 'Status' })).to.exist;
    });

    it('sorts by title, slug, locale, status and last change, and shows type and author', () => {
      renderAdmin('/');
      expect(buttonNames()).to.include.members(['Title', 'Slug', 'Locale', 'Status', 'Last change']);
      expect(screen.getByRole('columnheader', { name: 'Type' })).to.exist;
      expect(screen.getByRole('columnheader', { name: 'Author' })).to.exist;
    });

    it('says when there are no pages', async () => {
      renderAdmin('/');
      expect(await screen.findByText('No pages found')).to.exist;
    });

    it('hides New page from a user without create-page', () => {
      renderAdmin('/', { signedIn: aUser({ ID: 'user-2' }, ['edit-page']) });
      expect(screen.queryByRole('link', { name: 'New page' })).to.equal(null);
    });
  });

  it('on a page type\'s overview, has no Type column or Page type filter, and New page keeps the type', () => {
    renderAdmin('/page-overview/landing-page');
    expect(screen.queryByRole('columnheader', { name: 'Type' })).to.equal(null);
    expect(screen.queryByLabelText('Page type')).to.equal(null);
    expect(within(screen.getByRole('main')).getByRole('link', { name: 'New page' }).getAttribute('href')).to.equal('/cmsadmin/new-page?type=landing-page');
  });

  describe('on the new-page screen', () => {
    it('asks for page type, locale, title and slug, with Create page', () => {
      renderAdmin('/new-page');
      expect(heading()).to.equal('New page');
      expect(control('Page type').tagName).to.equal('SELECT');
      expect(control('Locale').tagName).to.equal('SELECT');
      expect(control('Title').tagName).to.equal('INPUT');
      expect(control('Slug').tagName).to.equal('INPUT');
      expect(screen.getByRole('button', { name: 'Create page' })).to.exist;
      expect(entry('New page')).to.include({ active: true, current: true });
    });

    it('offers every page type, the one from ?type= chosen, with its description', () => {
      renderAdmin('/new-page?type=article');
      const options = within(control('Page type')).getAllByRole('option') as HTMLOptionElement[];
      expect(options.map((option) => [option.value, option.textContent, option.selected])).to.deep.equal([
        ['base', 'Page', false],
        ['home', 'Home page', false],
        ['article', 'Article', true],
        ['publication', 'Publication', false],
        ['expertise', 'Expertise page', false],
        ['team-member', 'Team member', false],
        ['vacancy', 'Vacancy', false],
        ['contact', 'Contact page', false],
        ['landing-page', 'Landing page', false],
        ['overview', 'Overview', false],
      ]);
      expect(screen.getByText('News and insights, with an author, a date and a summary')).to.exist;
    });

    it('starts with the type of the overview it was opened from, and says what a page of it is', () => {
      renderAdmin('/new-page?type=team-member');
      expect((control('Page type') as HTMLSelectElement).value).to.equal('team-member');
      expect(screen.getByText('One person: photo, function, specialties, LinkedIn and how to reach them')).to.exist;
    });

    it('says a user without create-page is not authorised', () => {
      renderAdmin('/new-page', { signedIn: aUser({ ID: 'user-2' }, ['edit-page']) });
      expect(screen.getByText('You are not authorized to do this action.')).to.exist;
      expect(screen.queryByRole('button', { name: 'Create page' })).to.equal(null);
    });
  });

  it('shows the publication requests, highlighted in the navigation', () => {
    renderAdmin('/publication-requests');
    expect(heading()).to.equal('Publication requests');
    expect(entry('Publication requests')).to.include({ active: true, current: true });
    expect(screen.getByRole('status').textContent).to.equal('Loading the requests…');
  });

  it('shows the releases at /releases, and a release at /releases/{id}, with Releases highlighted', async () => {
    renderAdmin('/releases');
    expect(heading()).to.equal('Releases');
    expect(entry('Releases')).to.include({ active: true, current: true });
    expect(await screen.findByText('There are no releases yet.')).to.exist;
  });

  it('highlights Releases, as the parent, on a release of its own', () => {
    renderAdmin('/releases/rel-1');
    expect(screen.getByRole('status').textContent).to.equal('Loading the release…');
    expect(entry('Releases')).to.include({ active: true, current: false });
  });

  it('shows the page editor\'s loading state at /pages/{id}', () => {
    renderAdmin('/pages/page-1');
    expect(screen.getByRole('status').textContent).to.equal('Loading the page…');
  });

  it('says so for an unknown page type', () => {
    renderAdmin('/page-overview/recipes');
    expect(heading()).to.equal('Unknown page type');
  });

  it('shows a not-found screen, inside the layout, for an unknown path', () => {
    renderAdmin('/no/such/screen');
    expect(heading()).to.equal('Page not found');
    expect(screen.getByText(/\/no\/such\/screen/)).to.exist;
    expect(navEntries()).to.not.have.length(0);
  });

  it('shows neither navigation nor screen while the session is being checked', () => {
    renderAdmin('/users', { signedIn: 'unknown' });
    expect(screen.getByRole('status').textContent).to.equal('Checking your session…');
    expect(screen.queryByRole('navigation')).to.equal(null);
    expect(heading()).to.equal(undefined);
  });
});

describe('the authentication screens', () => {
  it('login has Email and Password fields, a Log in button and a forgot-password link, without the navigation', () => {
    renderAdmin('/login', { signedIn: null });
    expect(heading()).to.equal('Log in');
    expect(control('Email').getAttribute('type')).to.equal('email');
    expect(control('Password').getAttribute('type')).to.equal('password');
    expect(buttonNames()).to.deep.equal(['Log in']);
    expect(screen.getByRole('link', { name: 'Forgot password?' }).getAttribute('href')).to.equal('/cmsadmin/forgot-password');
    expect(screen.queryByRole('navigation')).to.equal(null);
  });

  it('forgot password has Email, Send and Back to login', () => {
    renderAdmin('/forgot-password', { signedIn: null });
    expect(heading()).to.equal('Forgot password');
    expect(control('Email').getAttribute('type')).to.equal('email');
    expect(buttonNames()).to.deep.equal(['Send']);
    expect(screen.getByRole('link', { name: 'Back to login' }).getAttribute('href')).to.equal('/cmsadmin/login');
  });

  const passwordScreens: [string, string, string][] = [
    ['/reset-password?token=abc', 'Reset password', 'Reset password'],
    ['/activate-account?token=abc', 'Activate account', 'Activate account'],
  ];
  for (const [path, title, button] of passwordScreens) {
    it(`${title} has Password, Confirm password, "${button}" and Back to login`, () => {
      renderAdmin(path, { signedIn: null });
      expect(heading()).to.equal(title);
      expect(control('Password').getAttribute('type')).to.equal('password');
      expect(control('Confirm password').getAttribute('type')).to.equal('password');
      expect(buttonNames()).to.deep.equal([button]);
      expect(screen.getByRole('link', { name: 'Back to login' })).to.exist;
    });
  }

  it('setup has Name, Email, Password, Confirm password and Create administrator', () => {
    renderAdmin('/setup?token=abc', { signedIn: null });
    expect(control('Name').tagName).to.equal('INPUT');
    expect(control('Email').getAttribute('type')).to.equal('email');
    expect(control('Password').getAttribute('type')).to.equal('password');
    expect(control('Confirm password').getAttribute('type')).to.equal('password');
    expect(buttonNames()).to.deep.equal(['Create administrator']);
  });
});

describe('the log-out confirmation', () => {
  beforeEach(() => {
    render(
      <I18nextProvider i18n={createI18n()}>
        <LogoutConfirmation onConfirm={() => {}} onCancel={() => {}} />
      </I18nextProvider>,
    );
  });

  it('asks whether to log out, in a dialog', () => {
    expect(within(screen.getByRole('dialog', { name: 'Log out' })).getByText('Are you sure you want to log out?')).to.exist;
  });

  it('offers a grey cancel and an orange confirm button', () => {
    const dialog = within(screen.getByRole('dialog'));
    expect(dialog.getByRole('button', { name: 'Cancel' }).className).to.equal('button button--grey');
    expect(dialog.getByRole('button', { name: 'Log out' }).className).to.equal('button button--orange');
  });
});
