import { useFormikContext } from 'formik';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MAX_SOCIAL_LINKS, socialNetworkLabels, socialNetworks, type SocialNetwork } from '@pagelog/contracts/settings/site-settings';
import { useErrorCollection } from '../../../core/errors/error-store-context';
import { SETTINGS_ERRORS } from '../state/use-save-site-settings';
import { moved, newRowKey, type SiteSettingsFormValues } from '../state/settings-form';

/**
 * The social links, in the order the site shows them: each a network and an https address,
 * moved up and down with buttons (keyboard and screen readers included), added and removed.
 */
export function SocialLinksSection() {
  const { t } = useTranslation();
  const hintId = useId();
  const { values, setFieldValue } = useFormikContext<SiteSettingsFormValues>();
  const errors = useErrorCollection(SETTINGS_ERRORS);
  const links = values.social;
  const invalid = (index: number, field: 'network' | 'url') => errors.some((error) => error.property === `site.social[${index}].${field}`) || undefined;
  const set = (next: SiteSettingsFormValues['social']) => void setFieldValue('social', next);
  // Said to screen readers after a move: the button keeps its focus while its row changes place.
  const [announcement, setAnnouncement] = useState('');
  const move = (from: number, to: number) => {
    set(moved(links, from, to));
    setAnnouncement(t('siteSettings.social.moved', { network: socialNetworkLabels[links[from]!.network], position: to + 1, count: links.length }));
  };
  const unused = socialNetworks.find((network) => !links.some((link) => link.network === network)) ?? socialNetworks[0]!;

  return (
    <fieldset className="form__group" aria-describedby={hintId}>
      <legend>{t('siteSettings.social.title')}</legend>
      <p id={hintId} className="form__hint">
        {t('siteSettings.social.hint')}
      </p>
      {links.length === 0 && <p className="block-media__none">{t('siteSettings.social.none')}</p>}
      {links.length > 0 && (
        <ol className="social-links">
          {links.map((link, index) => {
            const number = index + 1;
            return (
              <li key={link.key} className="social-links__row">
                <label className="visually-hidden" htmlFor={`${link.key}-network`}>
                  {t('siteSettings.social.network', { number })}
                </label>
                <select
                  id={`${link.key}-network`}
                  className="field__input social-links__network"
                  value={link.network}
                  aria-invalid={invalid(index, 'network')}
                  onChange={(event) => set(links.map((each, i) => (i === index ? { ...each, network: event.target.value as SocialNetwork } : each)))}
                >
                  {socialNetworks.map((network) => (
                    <option key={network} value={network}>
                      {socialNetworkLabels[network]}
                    </option>
                  ))}
                </select>
                <label className="visually-hidden" htmlFor={`${link.key}-url`}>
                  {t('siteSettings.social.url', { number })}
                </label>
                <input
                  id={`${link.key}-url`}
                  type="url"
                  inputMode="url"
                  className="field__input social-links__url"
                  placeholder="https://"
                  spellCheck={false}
                  autoComplete="off"
                  value={link.url}
                  aria-invalid={invalid(index, 'url')}
                  onChange={(event) => set(links.map((each, i) => (i === index ? { ...each, url: event.target.value } : each)))}
                />
                <div className="social-links__actions">
                  <button type="button" className="button button--grey button--small" aria-label={t('siteSettings.social.upLabel', { number })} disabled={index === 0} onClick={() => move(index, index - 1)}>
                    {t('siteSettings.social.up')}
                  </button>
                  <button
                    type="button"
                    className="button button--grey button--small"
                    aria-label={t('siteSettings.social.downLabel', { number })}
                    disabled={index === links.length - 1}
                    onClick={() => move(index, index + 1)}
                  >
                    {t('siteSettings.social.down')}
                  </button>
                  <button
                    type="button"
                    className="button button--grey button--small button--danger"
                    aria-label={t('siteSettings.social.removeLabel', { number })}
                    onClick={() => {
                      set(links.filter((_, i) => i !== index));
                      setAnnouncement(t('siteSettings.social.removed', { network: socialNetworkLabels[link.network] }));
                    }}
                  >
                    {t('siteSettings.social.remove')}
                  </button>
                </div>
              </li>
            );
          })}
        </ol>
      )}
      <p className="visually-hidden" role="status">
        {announcement}
      </p>
      <div>
        <button type="button" className="button button--grey button--small" disabled={links.length >= MAX_SOCIAL_LINKS} onClick={() => set([...links, { key: newRowKey(), network: unused, url: '' }])}>
          {t('siteSettings.social.add')}
        </button>
      </div>
    </fieldset>
  );
}
