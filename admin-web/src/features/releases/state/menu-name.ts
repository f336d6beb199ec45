import { useTranslation } from 'react-i18next';
import type { MenuNamer } from './release-errors';

/** A release's menu change in the screen's words: "Main menu (nl-nl)". */
export function useMenuName(): MenuNamer {
  const { t } = useTranslation();
  return (menu) => t('releases.menus.name', { kind: t(`menus.kinds.${menu.kind}`), locale: menu.locale });
}
