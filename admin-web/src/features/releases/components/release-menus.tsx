import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { MenuKind } from '@pagelog/contracts/menus/menu';
import { MenuChoice } from '../../menu/components/menu-choice';
import type { ReleaseMenuView, ReleaseView } from '@pagelog/contracts/releases/release';
import { useApi } from '../../../core/api/api-context';
import { useErrorCollection } from '../../../core/errors/error-store-context';
import { useSiteSettings } from '../../../core/settings/site-settings';
import { releaseCommands } from '../api/release-queries';
import { useMenuName } from '../state/menu-name';
import { refusedMenuIndexes } from '../state/release-errors';
import { RELEASES_ERRORS, type ReleaseCommandRunner } from '../state/use-release-command';
import { ReleaseErrorList } from './release-error-list';

interface ReleaseMenusProps {
  release: ReleaseView;
  command: ReleaseCommandRunner;
  /** Whether the user may change the release's menus now (publish-page and manage-menu, and the release still open). */
  editable: boolean;
  onDone: (notice: string) => void;
}

/**
 * The release's menu changes (issue 17): each menu's draft version that goes live with the
 * release's pages, and where it stands against the menu now. While the release is open a menu is
 * added here (its saved draft, as it is then), removed, or added again when its draft changed
 * since. A publication or rollback refused for a menu marks it.
 */
export function ReleaseMenus({ release, command, editable, onDone }: ReleaseMenusProps) {
  const { t } = useTranslation();
  const api = useApi();
  const headingId = useId();
  const menuName = useMenuName();
  const errors = useErrorCollection(RELEASES_ERRORS);
  const refusedFor = command.failed === 'publish' || command.failed === 'rollback' ? command.failed : null;
  const refused = refusedFor ? refusedMenuIndexes(errors) : new Set<number>();
  const busy = command.pending !== null;

  const remove = async (menu: ReleaseMenuView) => {
    const done = await command.run('removeMenu', () => releaseCommands.removeMenu(api, release.releaseID, menu.locale, menu.kind));
    if (done) onDone(t('releases.menus.removed', { menu: menuName(menu) }));
  };
  const addAgain = async (menu: ReleaseMenuView) => {
    const done = await command.run('addMenu', () => releaseCommands.addMenu(api, release.releaseID, menu.locale, menu.kind));
    if (done) onDone(t('releases.menus.addedAgain', { menu: menuName(menu) }));
  };

  // A published or rolled back release without menus has nothing to say about them.
  if (release.menus.length === 0 && !editable) return null;

  return (
    <section className="area release__menus" aria-labelledby={headingId}>
      <h2 id={headingId} className="area__title">
        {t('releases.menus.heading')}
      </h2>
      <ReleaseErrorList failed={command.failed} of={['removeMenu']} />
      {release.menus.length === 0 ? (
        <p className="notice">{editable ? t('releases.menus.emptyOpen') : t('releases.menus.empty')}</p>
      ) : (
        <table className="data-table release__items-table">
          <caption className="visually-hidden">{t('releases.menus.caption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('releases.menus.columns.menu')}</th>
              <th scope="col">{t('releases.menus.columns.version')}</th>
              <th scope="col">{t('releases.menus.columns.status')}</th>
              {editable && (
                <th scope="col">
                  <span className="visually-hidden">{t('releases.menus.columns.actions')}</span>
                </th>
              )}
            </tr>
          </thead>
          <tbody>
            {release.menus.map((menu, index) => (
              <tr key={`${menu.locale}-${menu.kind}`} className={refused.has(index) ? 'release__item release__item--refused' : 'release__item'}>
                <td data-label={t('releases.menus.columns.menu')}>{menuName(menu)}</td>
                <td data-label={t('releases.menus.columns.version')}>
                  {t('releases.menus.version', { version: menu.version })}
                  {menu.previousVersion !== undefined && (
                    <span className="release__item-note">
                      {' '}
                      ({menu.previousVersion === null ? t('releases.menus.previousNone') : t('releases.menus.previous', { version: menu.previousVersion })}
                      {menu.restoredVersion !== undefined && `; ${t('releases.menus.restored', { version: menu.restoredVersion })}`})
                    </span>
                  )}
                </td>
                <td data-label={t('releases.menus.columns.status')}>
                  <span className={`release-item-status release-item-status--${menu.status}`}>{t(`releases.menus.status.${menu.status}`)}</span>
                  {refused.has(index) && <strong className="release__item-refused"> {t(refusedFor === 'rollback' ? 'releases.menus.notRestorable' : 'releases.menus.notReady')}</strong>}
                </td>
                {editable && (
                  <td className="data-table__actions">
                    {menu.status === 'changed' && (
                      <button type="button" className="button button--grey button--small" disabled={busy} aria-label={t('releases.menus.addAgainLabel', { menu: menuName(menu) })} onClick={() => void addAgain(menu)}>
                        {t('releases.menus.addAgain')}
                      </button>
                    )}
                    <button type="button" className="button button--grey button--small" disabled={busy} aria-label={t('releases.menus.removeLabel', { menu: menuName(menu) })} onClick={() => void remove(menu)}>
                      {t('releases.menus.remove')}
                    </button>
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {editable && <AddReleaseMenu release={release} command={command} onDone={onDone} />}
    </section>
  );
}

/** Picks a menu by language and kind and adds its saved draft to the release. */
function AddReleaseMenu({ release, command, onDone }: Omit<ReleaseMenusProps, 'editable'>) {
  const { t } = useTranslation();
  const api = useApi();
  const settings = useSiteSettings();
  const menuName = useMenuName();
  const headingId = useId();
  const hintId = useId();
  const locales = (settings?.availableLocales ?? []) as readonly string[];
  const [chosenLocale, setLocale] = useState('');
  const [kind, setKind] = useState<MenuKind>('main');
  const locale = locales.includes(chosenLocale) ? chosenLocale : (settings?.defaultLocale ?? locales[0] ?? '');

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!locale) return;
    const done = await command.run('addMenu', () => releaseCommands.addMenu(api, release.releaseID, locale, kind));
    if (done) onDone(t('releases.menus.add.added', { menu: menuName({ locale, kind }) }));
  };

  return (
    <form className="release__add-menu" aria-labelledby={headingId} onSubmit={(event) => void submit(event)}>
      <h3 id={headingId} className="release__add-menu-title">
        {t('releases.menus.add.heading')}
      </h3>
      <ReleaseErrorList failed={command.failed} of={['addMenu']} />
      <MenuChoice
        locales={locales}
        locale={locale}
        kind={kind}
        describedBy={hintId}
        onChange={(next) => {
          if (next.locale !== undefined) setLocale(next.locale);
          if (next.kind !== undefined) setKind(next.kind);
        }}
      />
      <p id={hintId} className="form__hint">
        {t('releases.menus.add.hint')}
      </p>
      <div className="form__actions">
        <button type="submit" className="button button--grey" disabled={command.pending !== null || !locale}>
          {t('releases.menus.add.submit')}
        </button>
      </div>
    </form>
  );
}
