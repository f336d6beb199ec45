import { expect } from 'chai';
import { pageTypes, type PageTypeDefinition } from '@pagelog/contracts/pages/page-types';
import { knownPermissions } from '../../core/permissions';
import { buildNavigation, type NavItem } from './build-navigation';

const contractPageTypes: PageTypeDefinition[] = Object.values(pageTypes);

function keys(items: readonly NavItem[]): string[] {
  return items.map((item) => item.key);
}

function find(items: readonly NavItem[], key: string): NavItem | undefined {
  return items.find((item) => item.key === key);
}

describe('buildNavigation', () => {
  describe('for a user holding every known permission', () => {
    const items = buildNavigation({ permissions: knownPermissions, pageTypes: contractPageTypes });

    it('lists the dashboard, then the entries of the spec in order, Log out last', () => {
      expect(keys(items)).to.deep.equal([
        'dashboard',
        'page-overview',
        'menu-structure',
        'new-page',
        'page-type-home',
        'page-type-article',
        'page-type-publication',
        'page-type-expertise',
        'page-type-team-member',
        'page-type-vacancy',
        'page-type-contact',
        'page-type-landing-page',
        'page-type-overview',
        'media-library',
        'publication-requests',
        'user-management',
        'site-settings',
        'search-index',
        'tags',
        'forms',
        'formSettings',
        'modules',
        'settings',
        'logout',
      ]);
    });

    it('gives each entry its admin route, with Site structure under Page overview', () => {
      const routes = Object.fromEntries(items.map((item) => [item.key, item.to]));
      expect(routes).to.deep.equal({
        dashboard: '/dashboard',
        'page-overview': '/',
        'menu-structure': '/menu-structure',
        'new-page': '/new-page',
        'page-type-home': '/page-overview/home',
        'page-type-article': '/page-overview/article',
        'page-type-publication': '/page-overview/publication',
        'page-type-expertise': '/page-overview/expertise',
        'page-type-team-member': '/page-overview/team-member',
        'page-type-vacancy': '/page-overview/vacancy',
        'page-type-contact': '/page-overview/contact',
        'page-type-landing-page': '/page-overview/landing-page',
        'page-type-overview': '/page-overview/overview',
        'media-library': '/medialibrary',
        'publication-requests': '/publication-requests',
        'user-management': '/users',
        'site-settings': '/site-settings',
        'search-index': '/search',
        tags: '/tags',
        forms: '/forms',
        formSettings: '/forms/settings',
        modules: undefined,
        settings: '/user/settings',
        logout: undefined,
      });
      expect(find(items, 'page-overview')?.children).to.deep.equal([
        { key: 'site-structure', labelKey: 'nav.siteStructure', to: '/site-structure' },
      ]);
    });

    it('groups the modules under a heading without a route, the newsletter popup among them', () => {
      expect(find(items, 'modules')).to.deep.equal({
        key: 'modules',
        labelKey: 'nav.modules',
        children: [{ key: 'newsletter-popup', labelKey: 'nav.newsletterPopup', to: '/modules/newsletter-popup', permission: 'manage-forms' }],
      });
    });

    it('labels page-type entries with the contract label as fallback', () => {
      expect(find(items, 'page-type-article')).to.include({ labelKey: 'pageTypes.article', defaultLabel: 'Articles' });
    });
  });

  describe('for a user without permissions', () => {
    const items = buildNavigation({ permissions: [], pageTypes: contractPageTypes });

    it('hides Menu structure, New page, User management, Site settings, Search index and Tags', () => {
      for (const hidden of ['menu-structure', 'new-page', 'user-management', 'site-settings', 'search-index', 'tags', 'forms', 'formSettings', 'modules']) expect(keys(items)).to.not.include(hidden);
    });

    it('still shows the entries that need no permission', () => {
      expect(keys(items)).to.include.members([
        'dashboard',
        'page-overview',
        'page-type-article',
        'media-library',
        'publication-requests',
        'settings',
        'logout',
      ]);
    });
  });

  describe('the modules', () => {
    it('shows the newsletter popup to a user with manage-forms', () => {
      const items = buildNavigation({ permissions: ['manage-forms'], pageTypes: [] });
      expect(keys(find(items, 'modules')?.children ?? [])).to.deep.equal(['newsletter-popup']);
    });

    it('leaves the Modules heading out when none of its entries may be shown', () => {
      const items = buildNavigation({ permissions: ['create-page', 'manage-settings'], pageTypes: [] });
      expect(keys(items)).to.not.include('modules');
    });
  });

  it('shows only the gated entries whose permission the user holds', () => {
    const items = buildNavigation({ permissions: ['create-page'], pageTypes: contractPageTypes });
    expect(keys(items)).to.include('new-page');
    expect(keys(items)).to.not.include('menu-structure');
    expect(keys(items)).to.not.include('user-management');
  });

  describe('page types', () => {
    it('has one entry per type except the base type', () => {
      const items = buildNavigation({
        permissions: [],
        pageTypes: [
          { id: 'base', label: 'Page', isBase: true },
          { id: 'news', label: 'News' },
          { id: 'case-study', label: 'Case studies' },
        ],
      });
      const typeEntries = items.filter((item) => item.key.startsWith('page-type-'));
      expect(typeEntries.map((item) => item.defaultLabel)).to.deep.equal(['News', 'Case studies']);
    });

    it('routes to the lower-cased, URL-encoded id without the /cmsadmin prefix', () => {
      const items = buildNavigation({ permissions: [], pageTypes: [{ id: 'FAQ & Help', label: 'FAQ' }] });
      expect(find(items, 'page-type-FAQ & Help')?.to).to.equal('/page-overview/faq%20%26%20help');
    });
  });

  describe('with extra items', () => {
    const extraItems: NavItem[] = [
      {
        key: 'newsletter',
        labelKey: 'nav.newsletter',
        to: '/newsletter',
        permission: 'manage-newsletter',
        children: [
          { key: 'newsletter-popup', labelKey: 'nav.newsletterPopup', to: '/newsletter/popup' },
          { key: 'newsletter-export', labelKey: 'nav.newsletterExport', to: '/newsletter/export', permission: 'export-subscribers' },
        ],
      },
      { key: 'search-index', labelKey: 'nav.searchIndex', to: '/search-index', permission: 'manage-search' },
    ];

    it('shows an extra item, before Settings, when its permission is held', () => {
      const items = buildNavigation({ permissions: ['manage-newsletter'], pageTypes: [], extraItems });
      const order = keys(items);
      expect(order).to.include('newsletter');
      expect(order.indexOf('newsletter')).to.be.lessThan(order.indexOf('settings'));
      expect(order).to.not.include('search-index');
    });

    it('gates the sub-items of an extra item by their own permission', () => {
      const without = buildNavigation({ permissions: ['manage-newsletter'], pageTypes: [], extraItems });
      expect(keys(find(without, 'newsletter')?.children ?? [])).to.deep.equal(['newsletter-popup']);

      const withExport = buildNavigation({
        permissions: ['manage-newsletter', 'export-subscribers'],
        pageTypes: [],
        extraItems,
      });
      expect(keys(find(withExport, 'newsletter')?.children ?? [])).to.deep.equal(['newsletter-popup', 'newsletter-export']);
    });

    it('hides an extra item and its sub-items when its permission is missing', () => {
      const items = buildNavigation({ permissions: ['export-subscribers'], pageTypes: [], extraItems });
      expect(keys(items)).to.not.include('newsletter');
    });
  });
});
