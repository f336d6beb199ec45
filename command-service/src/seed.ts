import type { Block } from '@pagelog/contracts/blocks/block';
import { slugStream } from '@pagelog/contracts/events/slug-events';
import { pageStream } from '@pagelog/contracts/events/page-events';
import { ConflictError, ValidationError } from '@pagelog/contracts/domain-errors';
import type { Locale, Settings } from '@pagelog/contracts/locales';
import type { EventStore } from '@pagelog/storage/event-store/event-store';
import { commandContext, SYSTEM_ACTOR } from './core/command-context';
import type { CommandDeps } from './core/command-deps';
import { initializeSettings } from './settings/initialize-settings';
import { createPage, storeVersion } from './pages/authoring/commands';
import { publishPage } from './pages/publication/commands';
import { seedRoles } from './users/seed-roles';

interface SeedPage {
  key: string;
  locale: Locale;
  slug: string;
  type: string;
  title: string;
  seoTitle?: string;
  seoDescription: string;
  seoKeywords: string[];
  blocks: Block[];
}

const heading = (key: string, text: string, level = 1): Block => ({ type: 'heading', key, props: { text, level }, anchorPoint: '' });
const text = (key: string, html: string, anchorPoint = ''): Block => ({ type: 'text', key, props: { html }, anchorPoint });
const image = (key: string, externalUrl: string, alt: string, caption: string): Block => ({ type: 'image', key, props: { externalUrl, alt, caption }, anchorPoint: '' });

/** The example site: a home page, an about page and a 404 page in Dutch and in English. */
export const examplePages: SeedPage[] = [
  {
    key: 'home',
    locale: 'nl-nl',
    slug: 'home',
    type: 'landing-page',
    title: 'Welkom',
    seoTitle: 'Onderzoek en advies',
    seoDescription: 'Onafhankelijk onderzoek en advies voor organisaties die zorgvuldig willen beslissen.',
    seoKeywords: ['onderzoek', 'advies'],
    blocks: [
      heading('intro-heading', 'Onderzoek en advies dat verder kijkt'),
      text('intro-text', '<p>Wij helpen overheden en organisaties met <strong>onafhankelijk onderzoek</strong> en helder advies.</p><p><a href="/over-ons">Lees meer over ons</a>.</p>'),
      image('intro-image', '/assets/site/example-chart.svg', 'Grafiek met onderzoeksresultaten', 'Een voorbeeld van onze rapportages'),
      heading('contact-heading', 'Contact', 2),
      text('contact-text', '<p>Bel ons of stuur een e-mail: wij reageren binnen twee werkdagen.</p>', 'contact'),
    ],
  },
  {
    key: 'about',
    locale: 'nl-nl',
    slug: 'over-ons',
    type: 'article',
    title: 'Over ons',
    seoDescription: 'Wie wij zijn en hoe wij werken.',
    seoKeywords: ['over ons', 'team'],
    blocks: [
      heading('about-heading', 'Over ons'),
      text('about-text', '<p>Ons team van onderzoekers en adviseurs werkt sinds 1998 voor publieke en private opdrachtgevers.</p><ul><li>Beleidsonderzoek</li><li>Evaluaties</li><li>Strategisch advies</li></ul>'),
    ],
  },
  {
    key: 'not-found',
    locale: 'nl-nl',
    slug: '404',
    type: 'base',
    title: 'Pagina niet gevonden',
    seoDescription: 'Deze pagina bestaat niet (meer).',
    seoKeywords: [],
    blocks: [heading('nf-heading', 'Pagina niet gevonden'), text('nf-text', '<p>Deze pagina bestaat niet (meer). Ga terug naar de <a href="/">homepagina</a>.</p>')],
  },
  {
    key: 'home',
    locale: 'en-gb',
    slug: 'home',
    type: 'landing-page',
    title: 'Welcome',
    seoTitle: 'Research and advice',
    seoDescription: 'Independent research and advice for organisations that decide with care.',
    seoKeywords: ['research', 'advice'],
    blocks: [
      heading('intro-heading', 'Research and advice that looks further'),
      text('intro-text', '<p>We help governments and organisations with <strong>independent research</strong> and clear advice.</p><p><a href="/en-gb/about-us">Read more about us</a>.</p>'),
      image('intro-image', '/assets/site/example-chart.svg', 'Chart of research results', 'An example of our reports'),
    ],
  },
  {
    key: 'about',
    locale: 'en-gb',
    slug: 'about-us',
    type: 'article',
    title: 'About us',
    seoDescription: 'Who we are and how we work.',
    seoKeywords: ['about', 'team'],
    blocks: [heading('about-heading', 'About us'), text('about-text', '<p>Our team of researchers and advisers has worked for public and private clients since 1998.</p>')],
  },
  {
    key: 'not-found',
    locale: 'en-gb',
    slug: '404',
    type: 'base',
    title: 'Page not found',
    seoDescription: 'This page does not exist (any more).',
    seoKeywords: [],
    blocks: [heading('nf-heading', 'Page not found'), text('nf-text', '<p>This page does not exist (any more). Go back to the <a href="/en-gb">home page</a>.</p>')],
  },
];

/** The page that holds a seed page's slug, read from the event log, if any. */
async function seededPage(store: EventStore, page: SeedPage) {
  const [claim] = await store.readStream(slugStream(page.locale, page.slug), { direction: 'backwards', limit: 1 });
  if (!claim) return null;
  const pageId = (claim.data as { pageId: string }).pageId;
  const history = await store.readStream(pageStream(pageId));
  const created = history.find((e) => e.type === 'PageCreated');
  if (!created) return null;
  return {
    pageId,
    versionId: (created.data as { versionId: string }).versionId,
    revision: history[history.length - 1]!.revision,
    published: history.some((e) => e.type === 'PagePublished'),
  };
}

export interface SeedResult {
  settingsInitialized: boolean;
  pagesCreated: number;
  position: number;
}

/**
 * Seeds the settings from configuration (once) and, when asked, the example site, through the
 * same command functions the API uses. A page whose slug is already claimed is left alone, so
 * seeding again (or after an interrupted first start) does no harm.
 */
export async function seed(deps: CommandDeps & { store: EventStore }, settings: Settings, withExampleSite: boolean): Promise<SeedResult> {
  const context = () => commandContext(SYSTEM_ACTOR, 'seed');
  const s = await initializeSettings(deps, settings, context());
  await seedRoles(deps, context());
  let position = s.position;
  let pagesCreated = 0;
  if (withExampleSite) {
    const groups = new Map<string, string>();
    for (const page of examplePages) {
      if (!settings.availableLocales.includes(page.locale)) continue;
      const existing = await seededPage(deps.store, page);
      if (existing?.published) continue;
      let target = existing;
      if (!target) {
        try {
          const created = await createPage(
            deps,
            { title: page.title, slug: page.slug, type: page.type, locale: page.locale, content: '', typeData: {}, translationGroupId: groups.get(page.key) },
            context(),
          );
          target = { pageId: created.pageID, versionId: created.pageVersionID, revision: created.revision, published: false };
          pagesCreated += 1;
        } catch (error) {
          // Another process seeding the same store at the same moment got there first.
          if (error instanceof ValidationError && error.items.some((i) => i.code === 'V_06')) continue;
          throw error;
        }
      }
      if (!groups.has(page.key)) groups.set(page.key, target.pageId);
      // A page created by an interrupted first start is stored and published now.
      try {
        const stored = await storeVersion(
          deps,
          target.versionId,
          {
            pageID: target.pageId,
            revision: target.revision,
            title: page.title,
            blocks: page.blocks,
            seoTitle: page.seoTitle ?? '',
            seoDescription: page.seoDescription,
            seoKeywords: page.seoKeywords,
            seoImage: [],
          },
          context(),
        );
        position = (await publishPage(deps, target.pageId, stored.revision, context())).position;
      } catch (error) {
        // Another seeding process is finishing the same page.
        if (error instanceof ConflictError) continue;
        throw error;
      }
    }
  }
  return { settingsInitialized: s.initialized, pagesCreated, position };
}
