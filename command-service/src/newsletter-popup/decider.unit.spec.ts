import type { NewsletterPopupEvent } from '@pagelog/contracts/events/newsletter-popup-events';
import { defaultPopupLocaleSettings, type PopupLocaleSettings } from '@pagelog/contracts/newsletter-popup/popup-settings';
import { deciderSpec } from '../core/decider-spec';
import { newsletterPopupDecider, type UpdateNewsletterPopup } from './decider';

const popup = deciderSpec(newsletterPopupDecider);
const on: PopupLocaleSettings = { ...defaultPopupLocaleSettings, enabled: true, delay: { amount: 10, unit: 'seconds' }, buttonText: 'Ja, graag' };
const update = (locales: UpdateNewsletterPopup['data']['locales']): UpdateNewsletterPopup => ({ type: 'UpdateNewsletterPopup', data: { locales } });
const changed = (locale: 'nl-nl' | 'en-gb', settings: PopupLocaleSettings): NewsletterPopupEvent => ({ type: 'NewsletterPopupSettingsChanged', data: { locale, settings } });

describe('newsletter popup decider', () => {
  it('records nothing for a locale saved with the defaults (off)', () => {
    popup.given().when(update({ 'nl-nl': defaultPopupLocaleSettings })).thenNothing();
  });

  it('records each locale whose settings differ, whole', () => {
    popup.given().when(update({ 'nl-nl': on, 'en-gb': defaultPopupLocaleSettings })).then([changed('nl-nl', on)]);
  });

  it('records nothing when a locale is saved as it is, and a change when it is not', () => {
    popup.given(changed('nl-nl', on)).when(update({ 'nl-nl': { ...on } })).thenNothing();
    popup.given(changed('nl-nl', on)).when(update({ 'nl-nl': { ...on, enabled: false } })).then([changed('nl-nl', { ...on, enabled: false })]);
  });

  it('leaves a locale the request does not name as it is', () => {
    popup.given(changed('nl-nl', on)).when(update({ 'en-gb': on })).then([changed('en-gb', on)]);
  });
});
