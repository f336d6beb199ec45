import type { TFunction } from 'i18next';
import type { ErrorItem } from '@pagelog/contracts/envelope';
import { errorItem } from '@pagelog/contracts/error-catalogue';
import type { ReleaseItemView } from '@pagelog/contracts/releases/release';

/** What the user did when a release command was refused: it decides what the refusal means in words. */
export type ReleaseAction = 'create' | 'update' | 'addPage' | 'removePage' | 'addMenu' | 'removeMenu' | 'schedule' | 'cancelSchedule' | 'publish' | 'rollback' | 'delete';

/** A release's menu change as the refusals name it: "Main menu (nl-nl)". */
export type MenuNamer = (menu: { locale: string; kind: string }) => string;

/** `items[1].pageID`: the item of a refused publication or rollback the error is about, by index. */
const ITEM_PROPERTY = /^items\[(\d+)\]\.pageID$/;

/** The index of the release item an error names, or null for an error about something else. */
export function itemIndexOf(error: Pick<ErrorItem, 'property'>): number | null {
  const match = ITEM_PROPERTY.exec(error.property);
  return match ? Number(match[1]) : null;
}

/** `menus[0].kind`: the menu change of a refused publication or rollback, by index. */
const MENU_PROPERTY = /^menus\[(\d+)\]\.kind$/;

export function menuIndexOf(error: Pick<ErrorItem, 'property'>): number | null {
  const match = MENU_PROPERTY.exec(error.property);
  return match ? Number(match[1]) : null;
}

/** The menu changes a refusal names, by index in the release's menus. */
export function refusedMenuIndexes(errors: readonly ErrorItem[]): Set<number> {
  return new Set(errors.flatMap((error) => {
    const index = menuIndexOf(error);
    return index === null ? [] : [index];
  }));
}

/** The pages of the release a refusal names (a publication or rollback that not every page allows), by page id. */
export function refusedPageIds(errors: readonly ErrorItem[], items: readonly Pick<ReleaseItemView, 'pageID'>[]): Set<string> {
  const ids = new Set<string>();
  for (const error of errors) {
    const index = itemIndexOf(error);
    const item = index === null ? undefined : items[index];
    if (item) ids.add(item.pageID);
  }
  return ids;
}

/**
 * A refusal in the words of the releases screens: the codes the release commands answer with,
 * by what they are about, said the way a user understands them here (the catalogue's "This
 * operation cannot be executed." says nothing about why). Errors the screens have no words for
 * keep the server's message. A refused publication or rollback names each page that is not
 * ready, after one line that says nothing changed.
 */
export function describeRefusal(
  errors: readonly ErrorItem[],
  action: ReleaseAction,
  items: readonly Pick<ReleaseItemView, 'pageID' | 'title' | 'slug'>[],
  t: TFunction,
  menus: readonly { locale: string; kind: string }[] = [],
  menuName: MenuNamer = (m) => `${m.kind} (${m.locale})`,
): ErrorItem[] {
  const described = errors.map((error): ErrorItem => {
    const index = itemIndexOf(error);
    if (index !== null) {
      const item = items[index];
      const page = item ? item.title || item.slug : t('releases.errors.unknownPage');
      return { ...error, message: t(action === 'rollback' ? 'releases.errors.itemNotRestorable' : 'releases.errors.itemNotReady', { page }) };
    }
    const menuIndex = menuIndexOf(error);
    if (menuIndex !== null) {
      const menu = menus[menuIndex];
      return { ...error, message: t(action === 'rollback' ? 'releases.errors.menuNotRestorable' : 'releases.errors.menuNotReady', { menu: menu ? menuName(menu) : '' }) };
    }
    const key = wordsFor(error, action);
    return key ? { ...error, message: t(key) } : error;
  });
  const itemErrors = errors.filter((error) => itemIndexOf(error) !== null || menuIndexOf(error) !== null).length;
  if (itemErrors === 0) return described;
  const general = { ...errorItem('V_07', 'items', 'release'), message: t(action === 'rollback' ? 'releases.errors.notRolledBack' : 'releases.errors.notPublished', { count: itemErrors }) };
  return [general, ...described];
}

function wordsFor(error: ErrorItem, action: ReleaseAction): string | null {
  const { code, property } = error;
  if (code === 'V_07' && property === 'revision') return 'releases.errors.conflict';
  if (code === 'V_07' && property === 'status') return 'releases.errors.notOpen';
  if (code === 'V_07' && property === 'items') return 'releases.errors.empty';
  if (code === 'V_07' && property === 'schedule') return 'releases.errors.notScheduled';
  if (code === 'V_07' && property === 'pageID' && action === 'addPage') return 'releases.errors.alreadyLive';
  if (code === 'V_14' && property === 'items') return 'releases.errors.full';
  if (code === 'V_12' && property === 'at') return 'releases.errors.atInvalid';
  if (code === 'V_01' && property === 'at') return 'releases.errors.atRequired';
  if (code === 'PM_01' && property === 'pageID') return action === 'removePage' ? 'releases.errors.notInRelease' : 'releases.errors.pageGone';
  if (code === 'PM_01' && property === 'id') return 'releases.errors.releaseGone';
  if (code === 'MN_07' && property === 'kind') return 'releases.errors.menuNeverSaved';
  if (code === 'V_07' && property === 'kind' && action === 'addMenu') return 'releases.errors.menuAlreadyLive';
  if (code === 'PM_01' && property === 'kind') return 'releases.errors.menuNotInRelease';
  if (code === 'UM_01' && (action === 'publish' || action === 'schedule' || action === 'rollback')) return 'releases.errors.menuRight';
  return null;
}
