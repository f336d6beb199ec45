import { ValidationError } from '@pagelog/contracts/domain-errors';
import type { Settings } from '@pagelog/contracts/locales';
import { deciderSpec } from '../core/decider-spec';
import { settingsDecider, type InitializeSettings } from './decider';

const settings = deciderSpec(settingsDecider);
const dutchAndEnglish: Settings = { availableLocales: ['nl-nl', 'en-gb'], defaultLocale: 'nl-nl', customSlugLocales: ['en-gb'] };
const initialize = (data: Settings = dutchAndEnglish): InitializeSettings => ({ type: 'InitializeSettings', data });

describe('settings decider', () => {
  describe('when the settings have never been set', () => {
    it('seeds them from the configuration', () => {
      settings.given().when(initialize()).then([{ type: 'SettingsInitialized', data: dutchAndEnglish }]);
    });

    it('answers V_12 on the default locale when it is not one of the available locales', () => {
      settings.given().when(initialize({ ...dutchAndEnglish, defaultLocale: 'de-de' })).thenFails(ValidationError, [{ code: 'V_12', property: 'defaultLocale', model: 'settings' }]);
    });
  });

  describe('when the settings have been set', () => {
    it('leaves them as they are when a later start brings other configuration', () => {
      settings.given({ type: 'SettingsInitialized', data: dutchAndEnglish }).when(initialize({ availableLocales: ['de-de'], defaultLocale: 'de-de', customSlugLocales: [] })).thenNothing();
    });
  });
});
