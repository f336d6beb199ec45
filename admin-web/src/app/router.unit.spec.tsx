import { expect } from 'chai';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { LogoutConfirmation } from '../features/auth/components/logout-confirmation';
import { AppProvider } from './provider';
import { adminBasename, AppRoutes } from './router';

function renderAt(path: string): string {
  return renderToString(
    <AppProvider>
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
  const nav = /<nav[^>]*>.*<\/nav>/s.exec(html)?.[0] ?? '';
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

describe('the admin shell', () => {
  describe('on the page overview', () => {
    const html = renderAt('/');

    it('shows the product name in the top bar', () => {
      expect(html).to.match(/class="topbar__brand">Pagelog</);
    });

    it('shows every navigation entry with its English label and /cmsadmin link', () => {
      expect(navEntries(html).map(({ text, href }) => ({ text, href }))).to.deep.equal([
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

  describe('on the site structure', () => {
    const html = renderAt('/site-structure');

    it('highlights Page overview as the parent and Site structure as the current entry', () => {
      expect(entry(html, 'Page overview')).to.include({ active: true, current: false });
      expect(entry(html, 'Site structure')).to.include({ active: true, current: true });
    });
  });

  const screens: [string, string][] = [
    ['/menu-structure', 'Menu structure'],
    ['/new-page', 'New page'],
    ['/medialibrary', 'Media library'],
    ['/publication-requests', 'Publication requests'],
    ['/users', 'User management'],
    ['/user/settings', 'Settings'],
  ];
  for (const [path, title] of screens) {
    it(`shows the "${title}" placeholder, highlighted in the navigation, at ${path}`, () => {
      const html = renderAt(path);
      expect(heading(html)).to.equal(title);
      expect(html).to.match(/class="screen__description">[^<]+ arrives? with [^<]+<\/p>/);
      const highlighted = navEntries(html).filter((candidate) => candidate.active);
      expect(highlighted.map((candidate) => candidate.href)).to.deep.equal([`/cmsadmin${path}`]);
    });
  }

  it('names the page type on its overview and highlights its entry', () => {
    const html = renderAt('/page-overview/landing-page');
    expect(heading(html)).to.equal('Landing pages');
    expect(html).to.include('The list of pages of type &quot;landing-page&quot;');
    expect(entry(html, 'Landing pages')).to.include({ active: true, current: true });
    expect(entry(html, 'Page overview')?.active).to.equal(false);
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

  it('shows the login placeholder without the navigation', () => {
    const html = renderAt('/login');
    expect(heading(html)).to.equal('Log in');
    expect(html).to.include('authentication in the next issue');
    expect(html).to.not.include('<nav');
  });
});

describe('the log-out confirmation', () => {
  const html = renderToString(
    <AppProvider>
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
