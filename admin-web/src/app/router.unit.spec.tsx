import { expect } from 'chai';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import type { UserView } from '@pagelog/contracts/users/user';
import { LogoutConfirmation } from '../features/auth/components/logout-confirmation';
import { aUser } from '../testing/users';
import type { InitialSession } from './current-user';
import { AppProvider } from './provider';
import { adminBasename, AppRoutes } from './router';

const administrator = aUser();

/** Renders a path; signed in as the administrator unless told otherwise (null: nobody). */
function renderAt(path: string, user: UserView | null | 'unknown' = administrator): string {
  const session: InitialSession | undefined = user === 'unknown' ? undefined : { user };
  return renderToString(
    <AppProvider session={session}>
      <MemoryRouter basename={adminBasename} initialEntries={[`${adminBasename}${path}`]}>
        <AppRoutes />
      </MemoryRouter>
    </AppProvider>,
  );
}

interface NavEntry {
  text: string;
  href: string | undefined;
  active: boolean;
  current: boolean;
}

/** Each navigation link or button as a user meets it: text, target, highlight, aria-current. */
function navEntries(html: string): NavEntry[] {
  const nav = /<nav class="nav"[^>]*>.*?<\/nav>/s.exec(html)?.[0] ?? '';
  return [...nav.matchAll(/<(a|button)([^>]*)>(.*?)<\/\1>/g)].map((match) => {
    const attributes = match[2] ?? '';
    return {
      text: match[3] ?? '',
      href: /\shref="([^"]*)"/.exec(attributes)?.[1],
      active: /\sclass="[^"]*\bis-active\b/.test(attributes),
      current: /\saria-current="page"/.test(attributes),
    };
  });
}

function entry(html: string, text: string): NavEntry | undefined {
  return navEntries(html).find((candidate) => candidate.text === text);
}

function heading(html: string): string | undefined {
  return /<h1[^>]*>(.*?)<\/h1>/.exec(html)?.[1];
}

/** The tag of the form control a <label> with exactly this text points at, if any. */
function controlLabelled(html: string, text: string): string | undefined {
  const forId = new RegExp(`<label[^>]*for="([^"]+)"[^>]*>${text}</label>`).exec(html)?.[1];
  if (!forId) return undefined;
  const escaped = forId.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`<(input|select|textarea)[^>]*id="${escaped}"[^>]*>`).exec(html)?.[0];
}

function buttonTexts(html: string): string[] {
  return [...html.matchAll(/<button[^>]*>(.*?)<\/button>/g)].map((match) => (match[1] ?? '').replace(/<[^>]+>/g, ''));
}

describe('the admin shell', () => {
  describe('on the page overview, signed in as an administrator', () => {
    const html = renderAt('/');

    it('shows the product name and the signed-in user in the top bar', () => {
      expect(html).to.match(/class="topbar__brand">Pagelog</);
      expect(html).to.include('Signed in as Ada Admin');
    });

    it('shows every navigation entry with its English label and /cmsadmin link', () => {
      expect(navEntries(html).map(({ text, href }) => ({ text, href }))).to.deep.equal([
        { text: 'Dashboard', href: '/cmsadmin/dashboard' },
        { text: 'Page overview', href: '/cmsadmin' },
        { text: 'Site structure', href: '/cmsadmin/site-structure' },
        { text: 'Menu structure', href: '/cmsadmin/menu-structure' },
        { text: 'New page', href: '/cmsadmin/new-page' },
        { text: 'Articles', href: '/cmsadmin/page-overview/article' },
        { text: 'Landing pages', href: '/cmsadmin/page-overview/landing-page' },
        { text: 'Media library', href: '/cmsadmin/medialibrary' },
        { text: 'Publication requests', href: '/cmsadmin/publication-requests' },
        { text: 'User management', href: '/cmsadmin/users' },
        { text: 'Settings', href: '/cmsadmin/user/settings' },
        { text: 'Log out', href: undefined },
      ]);
    });

    it('highlights only Page overview, as the current entry', () => {
      const highlighted = navEntries(html).filter((candidate) => candidate.active);
      expect(highlighted.map((candidate) => candidate.text)).to.deep.equal(['Page overview']);
      expect(highlighted[0]?.current).to.equal(true);
    });

    it('shows the placeholder screen', () => {
      expect(heading(html)).to.equal('Page overview');
    });
  });

  describe('for a user whose role lacks manage-users, manage-menu and create-page', () => {
    const editor = aUser({ ID: 'user-2', name: 'Ed Itor' }, ['edit-page']);

    it('hides the gated navigation entries', () => {
      const texts = navEntries(renderAt('/', editor)).map((candidate) => candidate.text);
      expect(texts).to.not.include.members(['User management']);
      expect(texts).to.not.include('Menu structure');
      expect(texts).to.not.include('New page');
      expect(texts).to.include.members(['Dashboard', 'Page overview', 'Settings', 'Log out']);
    });

    it('shows the CMS Dashboard without its Users area', () => {
      const html = renderAt('/dashboard', editor);
      expect(heading(html)).to.equal('CMS Dashboard');
      expect(buttonTexts(html)).to.not.include('Add user');
      expect(html).to.not.match(/<h2[^>]*>Users<\/h2>/);
    });

    it('says they are not authorised on the user management screen', () => {
      const html = renderAt('/users', editor);
      expect(html).to.include('You are not authorized to do this action.');
      expect(buttonTexts(html)).to.not.include('Add user');
    });
  });

  describe('on the site structure', () => {
    const html = renderAt('/site-structure');

    it('highlights Page overview as the parent and Site structure as the current entry', () => {
      expect(entry(html, 'Page overview')).to.include({ active: true, current: false });
      expect(entry(html, 'Site structure')).to.include({ active: true, current: true });
    });
  });

  const placeholders: [string, string][] = [
    ['/menu-structure', 'Menu structure'],
    ['/medialibrary', 'Media library'],
  ];
  for (const [path, title] of placeholders) {
    it(`shows the "${title}" placeholder, highlighted in the navigation, at ${path}`, () => {
      const html = renderAt(path);
      expect(heading(html)).to.equal(title);
      expect(html).to.match(/class="screen__description">[^<]+ arrives? with [^<]+<\/p>/);
      const highlighted = navEntries(html).filter((candidate) => candidate.active);
      expect(highlighted.map((candidate) => candidate.href)).to.deep.equal([`/cmsadmin${path}`]);
    });
  }

  describe('on the CMS Dashboard, as an administrator', () => {
    const html = renderAt('/dashboard');

    it('is titled exactly "CMS Dashboard" and highlighted in the navigation', () => {
      expect(heading(html)).to.equal('CMS Dashboard');
      expect(entry(html, 'Dashboard')).to.include({ active: true, current: true });
    });

    it('has a Users area with Add user', () => {
      expect(html).to.match(/<h2[^>]*>Users<\/h2>/);
      expect(buttonTexts(html)).to.include('Add user');
    });
  });

  describe('on user management', () => {
    const html = renderAt('/users');

    it('shows the heading, Add user, the search bar and the sortable columns', () => {
      expect(heading(html)).to.equal('User management');
      expect(buttonTexts(html)).to.include('Add user');
      expect(html).to.include('placeholder="Search"');
      expect(buttonTexts(html)).to.include.members(['Name', 'Email', 'Role']);
      expect(html).to.include('<th scope="col">Job title</th>');
      expect(controlLabelled(html, 'Sort by')).to.match(/^<select/);
    });

    it('highlights User management', () => {
      expect(entry(html, 'User management')).to.include({ active: true, current: true });
    });
  });

  describe('on the personal settings', () => {
    const html = renderAt('/user/settings');

    it('labels every field', () => {
      expect(heading(html)).to.equal('Settings');
      expect(controlLabelled(html, 'Name')).to.include('value="Ada Admin"');
      expect(controlLabelled(html, 'Job title')).to.include('value="Editor in chief"');
      for (const label of ['Current password', 'New password', 'Confirm new password']) {
        expect(controlLabelled(html, label), label).to.include('type="password"');
      }
      expect(controlLabelled(html, 'Profile image')).to.include('type="file"');
      expect(buttonTexts(html)).to.include('Save');
    });

    it('offers Remove image only when there is an image', () => {
      expect(buttonTexts(html)).to.not.include('Remove image');
      const withImage = renderAt('/user/settings', aUser({ image: '/api/cms/user/user-1/image' }));
      expect(buttonTexts(withImage)).to.include('Remove image');
      expect(withImage).to.include('src="/api/cms/user/user-1/image"');
    });
  });

  it('names the page type on its overview and highlights its entry', () => {
    const html = renderAt('/page-overview/landing-page');
    expect(heading(html)).to.equal('Landing pages');
    expect(entry(html, 'Landing pages')).to.include({ active: true, current: true });
    expect(entry(html, 'Page overview')?.active).to.equal(false);
  });

  describe('on the page overview', () => {
    const html = renderAt('/');

    it('offers New page, leading to the new-page screen', () => {
      expect(html).to.match(/<a class="button button--orange" href="\/cmsadmin\/new-page"[^>]*>New page<\/a>/);
    });

    it('filters by locale, page type and status, each starting at all', () => {
      expect(controlLabelled(html, 'Locale')).to.match(/^<select/);
      expect(controlLabelled(html, 'Page type')).to.match(/^<select/);
      expect(controlLabelled(html, 'Status')).to.match(/^<select/);
      expect(html).to.include('>All locales</option>');
      expect(html).to.include('>All page types</option>');
      expect(html).to.include('>All statuses</option>');
    });

    it('sorts by title, slug, locale, status and last change, and shows type and author', () => {
      expect(buttonTexts(html)).to.include.members(['Title', 'Slug', 'Locale', 'Status', 'Last change']);
      expect(html).to.include('<th scope="col">Type</th>');
      expect(html).to.include('<th scope="col">Author</th>');
    });

    it('says when there are no pages', () => {
      expect(html).to.include('No pages found');
    });

    it('hides New page from a user without create-page', () => {
      expect(renderAt('/', aUser({ ID: 'user-2' }, ['edit-page']))).to.not.include('>New page</a>');
    });
  });

  describe('on a page type\'s overview', () => {
    const html = renderAt('/page-overview/landing-page');

    it('has no Type column or Page type filter, and New page keeps the type', () => {
      expect(html).to.not.include('<th scope="col">Type</th>');
      expect(controlLabelled(html, 'Page type')).to.equal(undefined);
      expect(html).to.match(/href="\/cmsadmin\/new-page\?type=landing-page"[^>]*>New page<\/a>/);
    });
  });

  describe('on the new-page screen', () => {
    it('asks for page type, locale, title and slug, with Create page', () => {
      const html = renderAt('/new-page');
      expect(heading(html)).to.equal('New page');
      expect(controlLabelled(html, 'Page type')).to.match(/^<select/);
      expect(controlLabelled(html, 'Locale')).to.match(/^<select/);
      expect(controlLabelled(html, 'Title')).to.match(/^<input/);
      expect(controlLabelled(html, 'Slug')).to.match(/^<input/);
      expect(buttonTexts(html)).to.include('Create page');
      expect(entry(html, 'New page')).to.include({ active: true, current: true });
    });

    it('offers every page type, the one from ?type= chosen, with its description', () => {
      const html = renderAt('/new-page?type=article');
      const options = [...html.matchAll(/<option value="([^"]*)"( selected="")?>([^<]*)<\/option>/g)].map((match) => [match[1], match[3], !!match[2]]);
      expect(options.slice(0, 3)).to.deep.equal([
        ['base', 'Page', false],
        ['article', 'Article', true],
        ['landing-page', 'Landing page', false],
      ]);
      expect(html).to.include('News, insights and publications, with an author and a date');
    });

    it('says a user without create-page is not authorised', () => {
      const html = renderAt('/new-page', aUser({ ID: 'user-2' }, ['edit-page']));
      expect(html).to.include('You are not authorized to do this action.');
      expect(buttonTexts(html)).to.not.include('Create page');
    });
  });

  it('shows the publication requests, highlighted in the navigation', () => {
    const html = renderAt('/publication-requests');
    expect(heading(html)).to.equal('Publication requests');
    expect(entry(html, 'Publication requests')).to.include({ active: true, current: true });
    expect(html).to.include('Loading the requests…');
  });

  it('shows the page editor\'s loading state at /pages/{id}', () => {
    const html = renderAt('/pages/page-1');
    expect(html).to.include('Loading the page…');
  });

  it('says so for an unknown page type', () => {
    expect(heading(renderAt('/page-overview/recipes'))).to.equal('Unknown page type');
  });

  it('shows a not-found screen, inside the layout, for an unknown path', () => {
    const html = renderAt('/no/such/screen');
    expect(heading(html)).to.equal('Page not found');
    expect(html).to.include('/no/such/screen');
    expect(navEntries(html)).to.not.have.length(0);
  });

  it('shows neither navigation nor screen while the session is being checked', () => {
    const html = renderAt('/users', 'unknown');
    expect(html).to.include('Checking your session');
    expect(html).to.not.include('<nav');
    expect(heading(html)).to.equal(undefined);
  });
});

describe('the authentication screens', () => {
  describe('login', () => {
    const html = renderAt('/login', null);

    it('has Email and Password fields, a Log in button and a forgot-password link, without the navigation', () => {
      expect(heading(html)).to.equal('Log in');
      expect(controlLabelled(html, 'Email')).to.include('type="email"');
      expect(controlLabelled(html, 'Password')).to.include('type="password"');
      expect(buttonTexts(html)).to.deep.equal(['Log in']);
      expect(html).to.match(/href="\/cmsadmin\/forgot-password"[^>]*>Forgot password\?<\/a>/);
      expect(html).to.not.include('<nav');
    });
  });

  it('forgot password has Email, Send and Back to login', () => {
    const html = renderAt('/forgot-password', null);
    expect(heading(html)).to.equal('Forgot password');
    expect(controlLabelled(html, 'Email')).to.include('type="email"');
    expect(buttonTexts(html)).to.deep.equal(['Send']);
    expect(html).to.match(/href="\/cmsadmin\/login"[^>]*>Back to login<\/a>/);
  });

  const passwordScreens: [string, string, string][] = [
    ['/reset-password?token=abc', 'Reset password', 'Reset password'],
    ['/activate-account?token=abc', 'Activate account', 'Activate account'],
  ];
  for (const [path, title, button] of passwordScreens) {
    it(`${title} has Password, Confirm password, "${button}" and Back to login`, () => {
      const html = renderAt(path, null);
      expect(heading(html)).to.equal(title);
      expect(controlLabelled(html, 'Password')).to.include('type="password"');
      expect(controlLabelled(html, 'Confirm password')).to.include('type="password"');
      expect(buttonTexts(html)).to.deep.equal([button]);
      expect(html).to.include('Back to login</a>');
    });
  }

  it('setup has Name, Email, Password, Confirm password and Create administrator', () => {
    const html = renderAt('/setup?token=abc', null);
    expect(controlLabelled(html, 'Name')).to.match(/^<input/);
    expect(controlLabelled(html, 'Email')).to.include('type="email"');
    expect(controlLabelled(html, 'Password')).to.include('type="password"');
    expect(controlLabelled(html, 'Confirm password')).to.include('type="password"');
    expect(buttonTexts(html)).to.deep.equal(['Create administrator']);
  });
});

describe('the log-out confirmation', () => {
  const html = renderToString(
    <AppProvider session={{ user: null }}>
      <LogoutConfirmation onConfirm={() => {}} onCancel={() => {}} />
    </AppProvider>,
  );

  it('asks whether to log out, in a dialog', () => {
    expect(html).to.include('role="dialog"');
    expect(html).to.include('Are you sure you want to log out?');
  });

  it('offers a grey cancel and an orange confirm button', () => {
    expect(html).to.include('class="button button--grey">Cancel</button>');
    expect(html).to.include('class="button button--orange">Log out</button>');
  });
});
