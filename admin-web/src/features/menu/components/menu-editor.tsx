import { useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { ErrorItem } from '@pagelog/contracts/envelope';
import { messageFor } from '@pagelog/contracts/error-catalogue';
import { menuRules, walkMenu, type MenuItem, type MenuKind } from '@pagelog/contracts/menus/menu';
import { LeaveGuard } from '../../../components/leave-guard/leave-guard';
import { newIdempotencyKey } from '../../../core/api/api-client';
import { formatDateTime } from '../../../core/format/date-time';
import { useMenuEditor } from '../state/use-menu-editor';
import { LinkForm } from './link-form';
import { MenuHistory } from './menu-history';
import { MenuPreview } from './menu-preview';
import { MenuTree } from './menu-tree';
import { PageSearch } from './page-search';

const messageOf = (error: ErrorItem) => error.message || messageFor(error.code, error.property);

/** A refused save's messages: those about an item (by the item's id) and the rest. */
function sortErrors(items: readonly MenuItem[], errors: readonly ErrorItem[]) {
  const places = [...walkMenu(items)].sort((a, b) => b.path.length - a.path.length);
  const byItem: Record<string, string[]> = {};
  const general: string[] = [];
  for (const error of errors) {
    const place = places.find(({ path }) => error.property === path || error.property.startsWith(`${path}.`));
    if (place) (byItem[place.item.id] ??= []).push(messageOf(error));
    else general.push(messageOf(error));
  }
  return { byItem, general };
}

/**
 * One menu (a locale's main, footer or service menu) in the editor: its tree, a page search and a
 * link form to add items, Save draft, Preview and Publish, its history with Restore, and a prompt
 * before unsaved changes are left behind.
 */
export function MenuEditor({ locale, kind, readOnly }: { locale: string; kind: MenuKind; readOnly: boolean }) {
  const { t } = useTranslation();
  const menu = useMenuEditor(locale, kind);
  const headingId = useId();
  const allowLeave = useRef(false);
  const rules = menu.server?.rules ?? menuRules[kind];
  const { byItem, general } = sortErrors(menu.items, menu.errors);
  const busy = menu.busy !== null;
  const published = menu.server?.published ?? null;

  const add = (item: Omit<MenuItem, 'id' | 'children'>) => menu.change([...menu.items, { id: newIdempotencyKey(), children: [], ...item }]);

  if (menu.loading) return <p role="status">{t('menus.loading')}</p>;
  if (menu.failed || !menu.server) return <p className="notice">{t('menus.loadFailed')}</p>;

  return (
    <div className="menu-editor">
      <LeaveGuard when={menu.dirty} onLeave={menu.discard} allowRef={allowLeave} watchSearch />
      <p className="menu-editor__status" aria-live="polite">
        {menu.server.draft.version === 0
          ? t('menus.status.new')
          : t('menus.status.draft', { version: menu.server.draft.version, when: formatDateTime(menu.server.draft.savedAt), name: menu.server.draft.savedByName })}{' '}
        {published ? t('menus.status.published', { version: published.version, when: formatDateTime(published.publishedAt) }) : t('menus.status.notPublished')}{' '}
        {menu.dirty ? <span className="badge badge--unsaved">{t('menus.status.unsaved')}</span> : menu.server.hasUnpublishedChanges && <span className="badge badge--unpublished-changes">{t('menus.status.unpublished')}</span>}
      </p>
      {!readOnly && (
        <div className="menu-editor__actions">
          <button type="button" className="button button--grey" disabled={busy || !menu.dirty} onClick={() => void menu.save()}>
            {menu.busy === 'saving' ? t('menus.actions.saving') : t('menus.actions.save')}
          </button>
          <button type="button" className="button button--grey" disabled={busy} onClick={() => void menu.showPreview()}>
            {menu.dirty ? t('menus.actions.saveAndPreview') : t('menus.actions.preview')}
          </button>
          <button type="button" className="button button--orange" disabled={busy || (!menu.dirty && !menu.server.hasUnpublishedChanges)} onClick={() => void menu.publish()}>
            {menu.busy === 'publishing' ? t('menus.actions.publishing') : menu.dirty ? t('menus.actions.saveAndPublish') : t('menus.actions.publish')}
          </button>
          <button type="button" className="button button--grey" disabled={busy || !menu.dirty} onClick={menu.discard}>
            {t('menus.actions.discard')}
          </button>
        </div>
      )}
      {menu.notice && (
        <p className="notice notice--success" role="status">
          {t(`menus.notice.${menu.notice}`)}
        </p>
      )}
      {general.length > 0 && (
        <ul className="error-list" role="alert">
          {general.map((message) => (
            <li key={message}>{message}</li>
          ))}
        </ul>
      )}
      {Object.keys(byItem).length > 0 && (
        <p className="error-list" role="alert">
          {t('menus.itemErrors')}
        </p>
      )}
      {menu.conflict && (
        <div className="notice notice--warning" role="alert">
          <p>{t('menus.conflict.text', { number: menu.conflict.items.length })}</p>
          <div className="notice__actions">
            <button type="button" className="button button--orange button--small" onClick={menu.keepMine}>
              {t('menus.conflict.keepMine')}
            </button>
            <button type="button" className="button button--grey button--small" onClick={menu.discard}>
              {t('menus.conflict.takeTheirs')}
            </button>
          </div>
        </div>
      )}
      <div className="menu-editor__columns">
        <section className="area menu-editor__tree" aria-labelledby={headingId}>
          <h2 id={headingId} className="area__title">
            {t('menus.tree.heading', { menu: t(`menus.kinds.${kind}`) })}
          </h2>
          <p className="form__hint">{t(rules.maxDepth > 1 ? 'menus.tree.rulesNested' : 'menus.tree.rulesFlat', { levels: rules.maxDepth, items: rules.maxItems })}</p>
          <MenuTree
            items={menu.items}
            pages={menu.pages}
            levels={rules.maxDepth}
            errorsByItem={byItem}
            readOnly={readOnly}
            label={t('menus.tree.listLabel', { menu: t(`menus.kinds.${kind}`) })}
            onChange={menu.change}
          />
        </section>
        {!readOnly && (
          <div className="menu-editor__add">
            <PageSearch
              locale={locale}
              onAdd={(page) => {
                menu.pickPage(page);
                add({ label: '', pageID: page.pageID, url: null });
              }}
            />
            <LinkForm onAdd={({ label, url }) => add({ label, pageID: null, url })} />
          </div>
        )}
      </div>
      <MenuHistory locale={locale} kind={kind} draftVersion={menu.server.draft.version} canRestore={!menu.dirty && !busy} readOnly={readOnly} onRestore={(version) => void menu.restore(version)} />
      {menu.previewMenus && <MenuPreview menus={menu.previewMenus} locale={locale} onClose={menu.closePreview} />}
    </div>
  );
}
