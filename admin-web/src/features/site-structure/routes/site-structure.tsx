import { useDeferredValue, useEffect, useId, useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { pageEditorPath } from '@pagelog/contracts/pages/admin-paths';
import type { SiteStructureNode } from '@pagelog/contracts/pages/site-structure';
import { toRouterPath } from '../../../components/navigation/build-navigation';
import { useApi } from '../../../core/api/api-context';
import { EndpointError } from '../../../core/api/endpoint-query';
import { useSiteSettings } from '../../../core/settings/site-settings';
import { useCurrentUser } from '../../../core/session/current-user';
import { siteStructureQuery } from '../api/site-structure-query';
import { MovePageDialog, type MovedPage } from '../components/move-page-dialog';
import { SiteTree } from '../components/site-tree';
import { mayMove } from '../state/move-rules';
import { ancestorIds, expandedForSearch, indexTree, normaliseTerm, visibleRows, type SiteTree as Tree } from '../state/site-tree';

const emptyTree = indexTree([]);

/** The new-page screen, with the page to add under (its slug) and the locale filled in. */
export function newChildPagePath(parentSlug: string, locale: string): string {
  return `/new-page?${new URLSearchParams({ parent: parentSlug, locale }).toString()}`;
}

/**
 * /cmsadmin/site-structure (spec section 2, the page overview's submenu): the pages of a locale as
 * a tree by their paths, with their status; expand and collapse, search by title or path, open a
 * page, add a page under one, move one under another parent.
 */
export function SiteStructureRoute() {
  const { t } = useTranslation();
  const api = useApi();
  const navigate = useNavigate();
  const settings = useSiteSettings();
  const { user, hasPermission } = useCurrentUser();
  const localeId = useId();
  const searchId = useId();
  const hintId = useId();
  const [chosenLocale, setChosenLocale] = useState('');
  const locale = chosenLocale || settings?.defaultLocale || '';
  const structure = useQuery({ ...siteStructureQuery(api, locale), enabled: locale !== '' });
  const tree: Tree = useMemo(() => (structure.data ? indexTree(structure.data.nodes) : emptyTree), [structure.data]);

  const [term, setTerm] = useState('');
  const deferredTerm = useDeferredValue(term);
  const searching = normaliseTerm(deferredTerm) !== '';
  // What is open while browsing, and (separately, so clearing the search restores it) while searching.
  const [expanded, setExpanded] = useState<{ locale: string; ids: ReadonlySet<string> } | null>(null);
  const [searchExpanded, setSearchExpanded] = useState<ReadonlySet<string>>(new Set());
  const [activeId, setActiveId] = useState<string | null>(null);
  const [moving, setMoving] = useState<string | null>(null);
  const [moved, setMoved] = useState<MovedPage | null>(null);
  const [focusRequest, setFocusRequest] = useState<{ id: string; seq: number } | null>(null);

  // A locale's tree opens at its first level: the home page's children, or the top pages.
  const browseExpanded = useMemo<ReadonlySet<string>>(() => {
    if (expanded && expanded.locale === locale) return expanded.ids;
    return new Set(tree.nodes.filter((node) => node.depth === 0 && node.hasChildren).map((node) => node.pageID));
  }, [expanded, locale, tree]);

  useEffect(() => setSearchExpanded(expandedForSearch(tree, deferredTerm)), [tree, deferredTerm]);

  // A moved page is shown (and focused) at its new place once the tree has it there.
  useEffect(() => {
    if (!moved) return;
    const node = tree.byId.get(moved.pageID);
    if (!node || node.slug !== moved.slug) return;
    const open = new Set(browseExpanded);
    for (const id of ancestorIds(tree, node.pageID)) open.add(id);
    setExpanded({ locale, ids: open });
    setFocusRequest((current) => ({ id: node.pageID, seq: (current?.seq ?? 0) + 1 }));
    setMoved(null);
  }, [moved, tree, browseExpanded, locale]);

  const openIds = searching ? searchExpanded : browseExpanded;
  const rows = useMemo(() => visibleRows(tree, openIds, deferredTerm), [tree, openIds, deferredTerm]);
  const matchCount = useMemo(() => rows.filter((row) => row.match).length, [rows]);

  function changeOpen(change: (open: Set<string>) => void) {
    const open = new Set(openIds);
    change(open);
    if (searching) setSearchExpanded(open);
    else setExpanded({ locale, ids: open });
  }

  const permissions = user?.permissions ?? [];
  const mayCreate = hasPermission('create-page');
  const [announcement, setAnnouncement] = useState('');

  function actions(node: SiteStructureNode, tabbable: boolean) {
    const name = node.title || node.slug;
    const tabIndex = tabbable ? 0 : -1;
    return (
      <>
        <Link className="button button--small button--grey" to={toRouterPath(pageEditorPath(node.pageID))} tabIndex={tabIndex} aria-label={t('siteStructure.actions.editLabel', { title: name })}>
          {t('siteStructure.actions.edit')}
        </Link>
        {mayCreate && (
          <Link className="button button--small button--grey" to={newChildPagePath(node.slug, locale)} tabIndex={tabIndex} aria-label={t('siteStructure.actions.addChildLabel', { title: name })}>
            {t('siteStructure.actions.addChild')}
          </Link>
        )}
        {mayMove(node, permissions) && (
          <button type="button" className="button button--small button--grey" tabIndex={tabIndex} aria-label={t('siteStructure.actions.moveLabel', { title: name })} onClick={() => setMoving(node.pageID)}>
            {t('siteStructure.actions.move')}
          </button>
        )}
      </>
    );
  }

  let body;
  if (structure.isError) {
    const status = structure.error instanceof EndpointError ? structure.error.status : 0;
    body = (
      <div className="notice notice--warning notice--inline" role="alert">
        <p>{t('siteStructure.loadFailed', { status })}</p>
        <button type="button" className="button button--grey button--small" onClick={() => void structure.refetch()}>
          {t('siteStructure.retry')}
        </button>
      </div>
    );
  } else if (!structure.data) {
    body = (
      <p className="screen__description" role="status">
        {t('siteStructure.loading')}
      </p>
    );
  } else if (tree.nodes.length === 0) {
    body = <p className="screen__description">{t('siteStructure.empty', { locale })}</p>;
  } else {
    body = (
      <>
        <p className="site-structure__hint" id={hintId}>
          {t('siteStructure.keyboardHint')}
        </p>
        {rows.length === 0 ? (
          <p className="screen__description">{t('siteStructure.noMatches', { term: deferredTerm.trim() })}</p>
        ) : (
          <SiteTree
            label={t('siteStructure.treeLabel', { locale })}
            describedBy={hintId}
            rows={rows}
            activeId={activeId}
            onActiveChange={setActiveId}
            onExpand={(ids) => changeOpen((open) => ids.forEach((id) => open.add(id)))}
            onCollapse={(id) => changeOpen((open) => open.delete(id))}
            onOpen={(id) => navigate(toRouterPath(pageEditorPath(id)))}
            term={deferredTerm}
            actions={actions}
            focusRequest={focusRequest}
          />
        )}
      </>
    );
  }

  return (
    <section className="screen screen--wide site-structure">
      <div className="screen__header">
        <h1 className="screen__title">{t('siteStructure.title')}</h1>
        {mayCreate && locale !== '' && (
          <Link className="button button--orange" to={`/new-page?${new URLSearchParams({ locale }).toString()}`}>
            {t('siteStructure.newPage')}
          </Link>
        )}
      </div>
      <p className="screen__description">{t('siteStructure.intro')}</p>
      <div className="filters site-structure__toolbar" role="group" aria-label={t('siteStructure.toolbar')}>
        <div className="filters__field">
          <label htmlFor={localeId}>{t('siteStructure.locale')}</label>
          <select
            id={localeId}
            value={locale}
            onChange={(event) => {
              setChosenLocale(event.target.value);
              setActiveId(null);
            }}
          >
            {locale === '' && <option value="">{t('siteStructure.loadingLocales')}</option>}
            {(settings?.availableLocales ?? []).map((available) => (
              <option key={available} value={available}>
                {available}
              </option>
            ))}
          </select>
        </div>
        <div className="filters__field">
          <label htmlFor={searchId}>{t('siteStructure.search')}</label>
          <input id={searchId} className="search-bar__input" type="search" value={term} autoComplete="off" placeholder={t('siteStructure.searchPlaceholder')} onChange={(event) => setTerm(event.target.value)} />
        </div>
        <button type="button" className="button button--grey button--small" onClick={() => changeOpen((open) => tree.nodes.forEach((node) => node.hasChildren && open.add(node.pageID)))}>
          {t('siteStructure.expandAll')}
        </button>
        <button type="button" className="button button--grey button--small" onClick={() => changeOpen((open) => open.clear())}>
          {t('siteStructure.collapseAll')}
        </button>
      </div>
      <p className="site-structure__summary" role="status">
        {structure.data ? (searching ? t('siteStructure.matches', { count: matchCount, term: deferredTerm.trim() }) : t('siteStructure.count', { count: tree.nodes.length })) : ''}
      </p>
      <div role="status">{announcement && <p className="notice notice--success">{announcement}</p>}</div>
      {body}
      {moving !== null && tree.byId.has(moving) && settings && (
        <MovePageDialog
          tree={tree}
          pageId={moving}
          locale={locale}
          defaultLocale={settings.defaultLocale}
          onClose={() => setMoving(null)}
          onMoved={(page) => {
            setMoving(null);
            const title = page.title || page.slug;
            setAnnouncement(page.subpages > 0 ? t('siteStructure.move.movedWith', { title, path: page.path, count: page.subpages }) : t('siteStructure.move.moved', { title, path: page.path }));
            setMoved(page);
          }}
        />
      )}
    </section>
  );
}
