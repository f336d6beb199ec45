import { useCallback, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { ErrorItem } from '@pagelog/contracts/envelope';
import { menuIdOf, type MenuItem, type MenuKind, type MenuPageInfo, type MenuView, type PublicMenus } from '@pagelog/contracts/menus/menu';
import { useApi } from '../../../core/api/api-context';
import { endpointQuery } from '../../../core/api/endpoint-query';

/** The editor's own copy of a menu: what it shows while the user changes it, and the revision it started from. */
interface Local {
  menuId: string;
  items: MenuItem[];
  /** The menu's revision the changes are based on (sent with the save, so a change made meanwhile is a 409). */
  baseRevision: number;
  dirty: boolean;
}

/** A save that found the menu changed by someone else meanwhile: their draft, beside the user's own. */
export interface MenuConflict {
  currentRevision: number;
  items: MenuItem[];
}

export type MenuBusy = 'saving' | 'publishing' | 'previewing' | 'restoring' | null;

/** The menu queries of the editor, keyed by their endpoint. */
export const menuQueries = {
  get: (api: ReturnType<typeof useApi>, locale: string, kind: MenuKind) => endpointQuery(api, 'menuGet', { query: { locale, kind } }),
  history: (api: ReturnType<typeof useApi>, locale: string, kind: MenuKind) => endpointQuery(api, 'menuHistory', { query: { locale, kind } }),
};

/**
 * One menu in the editor: the server's draft, the user's changes to it (kept until saved or
 * discarded, also through a 409), the pages the tree names, and the commands (save the draft,
 * preview, publish, restore a version). Reads follow every command by themselves (the API
 * client's position makes them stale).
 */
export function useMenuEditor(locale: string, kind: MenuKind) {
  const api = useApi();
  const menuId = menuIdOf(locale, kind);
  const view = useQuery({ ...menuQueries.get(api, locale, kind), enabled: locale !== '' });
  const server: MenuView | null = view.data && view.data.menuId === menuId ? view.data : null;
  const [local, setLocal] = useState<Local | null>(null);
  /** Pages picked from the search since the menu was read, so new items show their title and state. */
  const [picked, setPicked] = useState<Record<string, MenuPageInfo>>({});
  const [errors, setErrors] = useState<readonly ErrorItem[]>([]);
  const [conflict, setConflict] = useState<MenuConflict | null>(null);
  const [busy, setBusy] = useState<MenuBusy>(null);
  const [notice, setNotice] = useState<'saved' | 'published' | 'restored' | null>(null);
  const [previewMenus, setPreviewMenus] = useState<PublicMenus | null>(null);

  const mine = local && local.menuId === menuId ? local : null;
  // A saved copy stays shown until the read has caught up with the save.
  const shownLocal = mine && (mine.dirty || !server || server.revision < mine.baseRevision) ? mine : null;
  const items = shownLocal?.items ?? server?.draft.items ?? [];
  const dirty = !!mine?.dirty;
  const baseRevision = shownLocal?.baseRevision ?? server?.revision ?? 0;
  const pages: Record<string, MenuPageInfo> = { ...picked, ...server?.pages };

  const change = useCallback(
    (next: MenuItem[]) => {
      setLocal({ menuId, items: next, baseRevision, dirty: true });
      setNotice(null);
    },
    [menuId, baseRevision],
  );

  const pickPage = useCallback((page: MenuPageInfo) => setPicked((known) => ({ ...known, [page.pageID]: page })), []);

  /** Forgets the user's changes (and a conflict), showing the server's draft again. */
  const discard = useCallback(() => {
    setLocal(null);
    setConflict(null);
    setErrors([]);
  }, []);

  /** Saves the changes as the draft; answers the revision afterwards, or null when refused. */
  async function saveDraft(): Promise<number | null> {
    setErrors([]);
    const reply = await api.call('menuSaveDraft', { body: { locale, kind, items, revision: baseRevision } });
    if (reply.Success && reply.data) {
      setLocal({ menuId, items, baseRevision: reply.data.revision, dirty: false });
      setConflict(null);
      return reply.data.revision;
    }
    const data = reply.data as { currentRevision?: number; current?: { items?: MenuItem[] } } | null;
    if (reply.status === 409 && data && typeof data.currentRevision === 'number') {
      // The user's tree stays in the editor; they choose to keep it (save over) or take the other.
      setConflict({ currentRevision: data.currentRevision, items: data.current?.items ?? [] });
      return null;
    }
    setErrors(reply.Errors);
    return null;
  }

  /** Runs a step with the busy state; saves pending changes first when `saveFirst`. */
  async function step(kindOfWork: Exclude<MenuBusy, null>, work: (revision: number) => Promise<void>, saveFirst = true) {
    setBusy(kindOfWork);
    setNotice(null);
    try {
      const revision = saveFirst && dirty ? await saveDraft() : baseRevision;
      if (revision !== null) await work(revision);
    } finally {
      setBusy(null);
    }
  }

  return {
    menuId,
    server,
    loading: view.isPending && locale !== '',
    failed: view.isError,
    items,
    pages,
    dirty,
    errors,
    conflict,
    busy,
    notice,
    previewMenus,
    change,
    pickPage,
    discard,
    closePreview: () => setPreviewMenus(null),
    save: () => step('saving', async () => setNotice('saved')),
    showPreview: () =>
      step('previewing', async () => {
        const reply = await api.call('menuPreview', { query: { locale } });
        if (reply.Success && reply.data) setPreviewMenus(reply.data);
        else setErrors(reply.Errors);
      }),
    publish: () =>
      step('publishing', async (revision) => {
        const reply = await api.call('menuPublish', { body: { locale, kind, revision } });
        if (reply.Success) setNotice('published');
        else setErrors(reply.Errors);
      }),
    restore: (version: number) =>
      step(
        'restoring',
        async (revision) => {
          const reply = await api.call('menuRestore', { body: { locale, kind, version, revision } });
          if (reply.Success && reply.data) {
            setLocal(null);
            setNotice('restored');
          } else setErrors(reply.Errors);
        },
        false,
      ),
    /** Keeps the user's tree over the one saved meanwhile: the next save overwrites it. */
    keepMine: () => {
      if (!conflict) return;
      setLocal({ menuId, items, baseRevision: conflict.currentRevision, dirty: true });
      setConflict(null);
    },
  };
}

export type MenuEditorState = ReturnType<typeof useMenuEditor>;
