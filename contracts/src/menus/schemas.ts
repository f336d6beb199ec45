import { array, number, object, string, type AnyObjectSchema, type AnySchema } from 'yup';
import { locales } from '../locales';
import { isMenuUrl, MAX_MENU_DEPTH, MAX_MENU_ITEMS, MAX_MENU_LABEL_LENGTH, MAX_MENU_URL_LENGTH, menuItemIdPattern, menuKinds } from './menu';

/** Request schemas of the menu calls. Codes are catalogue codes. */

const locale = () => string().trim().required('V_01').oneOf(locales as readonly string[] as string[], 'V_12');
const kind = () => string().trim().required('V_01').oneOf(menuKinds as readonly string[] as string[], 'V_12');
/** The menu stream's revision the editor based its command on (0: a menu never saved). */
const revision = () => number().typeError('V_12').required('V_01').integer('V_12').min(0, 'V_12').max(Number.MAX_SAFE_INTEGER, 'V_12');
/** An optional text: null or '' mean none. */
const optionalText = (max: number, code: string) =>
  string()
    .trim()
    .nullable()
    .default(null)
    .transform((v: unknown) => (v === '' ? null : v))
    .max(max, code);

/**
 * One item; its sub-items are `children`, of the level below. The levels are spelled out (not a
 * lazy, recursive schema) so the shape check refuses unknown properties at every depth and the
 * deepest menu any kind allows is the deepest a request can send. Each menu's own depth and count
 * are its decider's rules (MN_03, MN_04).
 */
function itemSchema(children: AnySchema) {
  return object({
    id: string().trim().required('V_01').matches(menuItemIdPattern, 'V_12'),
    label: string()
      .trim()
      .default('')
      .max(MAX_MENU_LABEL_LENGTH, 'V_14')
      // An external link has no title to fall back on.
      .test('label-for-link', 'V_01', function (value) {
        return !(this.parent as { url?: unknown }).url || !!value;
      }),
    pageID: optionalText(64, 'V_12'),
    url: optionalText(MAX_MENU_URL_LENGTH, 'V_14').test('menu-url', 'V_13', (value) => value === null || value === undefined || isMenuUrl(value)),
    children,
  }).test('one-target', 'MN_01', (item) => !item || (item.pageID ? 1 : 0) + (item.url ? 1 : 0) === 1);
}

function levels(depth: number): AnyObjectSchema {
  // (A second max would replace the first: yup keeps one test per name.)
  const below = depth > 1 ? array().of(levels(depth - 1)).max(MAX_MENU_ITEMS, 'MN_04') : array().max(0, 'MN_03');
  return itemSchema(below.default([]));
}

/** The top level of a menu tree (every level below it nested as `children`). */
export const menuItemsSchema = array().of(levels(MAX_MENU_DEPTH)).default([]).max(MAX_MENU_ITEMS, 'MN_04');

/** Which menu: its locale and kind. GET /menu/get, GET /menu/history. */
export const menuRefSchema = object({ locale: locale(), kind: kind() });

/** GET /menu/get-public and GET /menu/preview: a locale's three menus. */
export const menuLocaleSchema = object({ locale: locale() });

/** POST /menu/save-draft {locale, kind, items, revision}. */
export const saveMenuDraftSchema = object({ locale: locale(), kind: kind(), items: menuItemsSchema, revision: revision() });

/** POST /menu/publish {locale, kind, revision}: the draft becomes what the site shows. */
export const publishMenuSchema = object({ locale: locale(), kind: kind(), revision: revision() });

/** POST /menu/restore {locale, kind, version, revision}: an earlier version becomes the draft. */
export const restoreMenuSchema = object({
  locale: locale(),
  kind: kind(),
  version: number().typeError('V_12').required('V_01').integer('V_12').min(1, 'V_12').max(Number.MAX_SAFE_INTEGER, 'V_12'),
  revision: revision(),
});
