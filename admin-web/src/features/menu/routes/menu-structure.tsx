import { useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { isMenuKind, type MenuKind } from '@pagelog/contracts/menus/menu';
import { useCurrentUser } from '../../../core/session/current-user';
import { useSiteSettings } from '../../../core/settings/site-settings';
import { MenuChoice } from '../components/menu-choice';
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
      <MenuChoice className="filters menu-editor__choice" locales={locales} locale={locale} kind={kind} onChange={choose} />
      {locale === '' ? <p role="status">{t('menus.loading')}</p> : <MenuEditor key={`${locale}-${kind}`} locale={locale} kind={kind} readOnly={readOnly} />}
    </div>
  );
}
