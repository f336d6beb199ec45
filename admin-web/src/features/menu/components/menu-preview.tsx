import { useTranslation } from 'react-i18next';
import { menuKinds, type MenuLink, type PublicMenus } from '@pagelog/contracts/menus/menu';
import { Modal } from '../../../components/modal/modal';

function Links({ links }: { links: readonly MenuLink[] }) {
  return (
    <ul className="menu-preview__list">
      {links.map((link) => (
        <li key={link.id}>
          <a href={link.href} target="_blank" rel="noreferrer">
            {link.label}
          </a>{' '}
          <span className="path">{link.href}</span>
          {link.children.length > 0 && <Links links={link.children} />}
        </li>
      ))}
    </ul>
  );
}

/** The locale's menus as the site would show them if their drafts were published now: only live items, pages at their paths. */
export function MenuPreview({ menus, locale, onClose }: { menus: PublicMenus; locale: string; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal title={t('menus.preview.title', { locale })} size="medium" onClose={onClose} buttons={[{ text: t('menus.preview.close'), theme: 'grey', onClick: onClose }]}>
      <p>{t('menus.preview.intro')}</p>
      {menuKinds.map((kind) => (
        <section key={kind} className="menu-preview" aria-label={t(`menus.kinds.${kind}`)}>
          <h3>{t(`menus.kinds.${kind}`)}</h3>
          {menus[kind].length === 0 ? <p>{t('menus.preview.empty')}</p> : <Links links={menus[kind]} />}
        </section>
      ))}
    </Modal>
  );
}
