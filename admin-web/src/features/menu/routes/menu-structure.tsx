import { useId } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { isMenuKind, menuKinds, type MenuKind } from '@pagelog/contracts/menus/menu';
import { useCurrentUser } from '../../../core/session/current-user';
import { useSiteSettings } from '../../../core/settings/site-settings';
import { MenuEditor } from '../components/menu-editor';

/**
 * /cmsadmin/menu-structure: the locale and the menu (main, footer, service) are in the address
 * (`?locale=en-gb&kind=footer`), so back and forward move between menus. Changing a menu needs
 * manage-menu; without it the menus are shown read-only.
 */
export function MenuStructureRoute() {
  const { t } = useTranslation();
  const { hasPermission } = useCurrentUser();
  const settings = useSiteSettings();
  const [params, setParams] = useSearchParams();
  const localeId = useId();
  const kindId = useId();
  const locales = settings?.availableLocales ?? [];
  const asked = params.get('locale') ?? '';
  const locale = (locales as readonly string[]).includes(asked) ? asked : (settings?.defaultLocale ?? '');
  const askedKind = params.get('kind');
  const kind: MenuKind = isMenuKind(askedKind) ? askedKind : 'main';
  const readOnly = !hasPermission('manage-menu');
  const choose = (next: { locale?: string; kind?: string }) => setParams({ locale: next.locale ?? locale, kind: next.kind ?? kind });

  return (
    <div className="screen screen--wide">
      <h1 className="screen__title">{t('menus.title')}</h1>
      <p className="screen__description">{t('menus.description')}</p>
      {readOnly && <p className="notice notice--info">{t('menus.readOnly')}</p>}
      <div className="filters menu-editor__choice">
        <div className="filters__field">
          <label htmlFor={localeId} className="field__label">
            {t('menus.choose.locale')}
          </label>
          <select id={localeId} className="field__input" value={locale} onChange={(event) => choose({ locale: event.target.value })}>
            {locales.map((each) => (
              <option key={each} value={each}>
                {each}
              </option>
            ))}
          </select>
        </div>
        <div className="filters__field">
          <label htmlFor={kindId} className="field__label">
            {t('menus.choose.kind')}
          </label>
          <select id={kindId} className="field__input" value={kind} onChange={(event) => choose({ kind: event.target.value })}>
            {menuKinds.map((each) => (
              <option key={each} value={each}>
                {t(`menus.kinds.${each}`)}
              </option>
            ))}
          </select>
        </div>
      </div>
      {locale === '' ? <p role="status">{t('menus.loading')}</p> : <MenuEditor key={`${locale}-${kind}`} locale={locale} kind={kind} readOnly={readOnly} />}
    </div>
  );
}
