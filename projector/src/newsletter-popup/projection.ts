import type { NewsletterPopupEvent } from '@pagelog/contracts/events/newsletter-popup-events';
import { NEWSLETTER_POPUP_ID, type NewsletterPopupDoc } from '@pagelog/contracts/newsletter-popup/popup-settings';
import { readModels } from '@pagelog/contracts/read-models';
import { alreadyApplied, defineProjection } from '../core/projection';

const { collection } = readModels.newsletterPopup;

/**
 * The newsletter popup module's settings (issue 16): one document with each locale's settings
 * and the stream's revision, read by its settings screen (newsletter-popup/settings, which saves
 * at that revision) and by the site (newsletter-popup/public/:locale).
 */
export const newsletterPopupProjection = defineProjection<NewsletterPopupEvent['type']>({
  name: readModels.newsletterPopup.projection,
  version: 2,
  collections: [{ name: collection, indexes: [], temporal: true }],
  handlers: {
    NewsletterPopupSettingsChanged: async (event, uow) => {
      const current = await uow.get<NewsletterPopupDoc>(collection, NEWSLETTER_POPUP_ID);
      if (alreadyApplied(current, event)) return;
      const doc: NewsletterPopupDoc = current ?? { id: NEWSLETTER_POPUP_ID, locales: {}, revision: 0, updatedAt: null };
      uow.put(collection, NEWSLETTER_POPUP_ID, {
        ...doc,
        locales: { ...doc.locales, [event.data.locale]: event.data.settings },
        revision: event.revision,
        updatedAt: event.metadata.occurredAt,
      } satisfies NewsletterPopupDoc);
    },
  },
});
