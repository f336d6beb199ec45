import type { Block } from '@pagelog/contracts/blocks/block';
import type { SeoFields } from '@pagelog/contracts/pages/page';
import { pageStream } from '@pagelog/contracts/events/page-events';
import { settingsStream } from '@pagelog/contracts/events/settings-events';
import type { Settings } from '@pagelog/contracts/locales';
import { ValidationError } from '@pagelog/contracts/domain-errors';
import type { EventStore } from '@pagelog/storage/event-store/event-store';
import type { CommandContext } from '../../core/command-context';
import type { CommandDeps } from '../../core/command-deps';
import { claimSlug } from '../../slugs/claim-slug';
import { pageEvolver } from '../page-state';
import { decideAuthoring } from './decider';


export interface CreatePageInput {
  title: string;
  slug: string;
  type: string;
  locale: string;
  content: string;
  typeData: Record<string, unknown>;
  /** Set when the page joins the translation group of an existing page. */
  translationGroupId?: string;
}

async function availableLocales(store: EventStore): Promise<string[] | null> {
  const [settings] = await store.readStream(settingsStream, { direction: 'backwards', limit: 1 });
  return settings ? (settings.data as Settings).availableLocales : null;
}

/** Creates a page with its first draft version; the slug is claimed first, per locale. */
export async function createPage(deps: CommandDeps, input: CreatePageInput, context: CommandContext) {
  const locales = await availableLocales(deps.store);
  if (locales && !locales.includes(input.locale)) throw ValidationError.of('V_12', 'locale', 'page');
  const pageId = context.newId();
  const versionId = context.newId();
  await claimSlug(deps, { locale: input.locale, slug: input.slug, pageId }, context);
  const result = await deps.handle(
    pageStream(pageId),
    0,
    pageEvolver,
    (state) =>
      decideAuthoring(
        {
          type: 'CreatePage',
          data: {
            pageId,
            versionId,
            translationGroupId: input.translationGroupId ?? pageId,
            pageType: input.type,
            locale: input.locale,
            title: input.title,
            slug: input.slug,
            content: input.content,
            typeData: input.typeData,
          },
        },
        state,
      ),
    context,
  );
  return { pageID: pageId, pageVersionID: versionId, revision: result.revision, position: result.position };
}

export interface StoreVersionInput extends SeoFields {
  pageID: string;
  revision: number;
  title: string;
  blocks: Block[];
}

/** Stores the draft; storing into the published version starts a new draft, so published versions never change. */
export async function storeVersion(deps: CommandDeps, versionId: string, input: StoreVersionInput, context: CommandContext) {
  const newVersionId = context.newId();
  const result = await deps.handle(
    pageStream(input.pageID),
    input.revision,
    pageEvolver,
    (state) =>
      decideAuthoring(
        {
          type: 'StoreVersion',
          data: {
            versionId,
            newVersionId,
            title: input.title,
            blocks: input.blocks,
            seoTitle: input.seoTitle,
            seoDescription: input.seoDescription,
            seoKeywords: input.seoKeywords,
            seoImage: input.seoImage,
          },
        },
        state,
      ),
    context,
  );
  const stored = result.events.find((e) => e.type === 'PageVersionStored');
  const pageVersionID = stored && stored.type === 'PageVersionStored' ? stored.data.versionId : versionId;
  return { pageID: input.pageID, pageVersionID, revision: result.revision, position: result.position };
}
