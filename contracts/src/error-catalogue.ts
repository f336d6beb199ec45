import type { ErrorItem } from './envelope';

/** Spec section 8, word for word. `{field}` takes the property label, `{Field}` the same capitalised. */
export const errorCatalogue = {
  G_01: 'Something went wrong, please try again later.',
  AUTH_01: 'These credentials do not match our records.',
  AUTH_02: 'This current password does not match our records.',
  AUTH_03: 'Too many login attempts. Try again after 10 minutes.',
  UM_01: 'You are not authorized to do this action.',
  UM_02: 'Failed to get this user from the database.',
  UM_03: 'Failed to delete audit logs.',
  UM_04: 'Failed to delete profile info.',
  UM_05: 'Image exceeds maximum allowed size of 2MB.',
  UM_06: 'Unsupported image format; select JPEG or PNG.',
  UM_07: 'The selected image is invalid.',
  UM_08: 'Image exceeds maximum resolution of 1024x1024 pixels.',
  UM_09: 'Failed to create user.',
  UM_10: 'Failed to delete user.',
  PM_01: 'Failed to get the page from the database.',
  ML_01: 'Uploaded file exceeds the size limit.',
  ML_02: 'Cannot move or rename; already exists.',
  ML_03: 'Cannot move or rename; already exists in this folder.',
  V_01: 'The {field} field is required.',
  V_02: 'The {field} field must contain a valid email address.',
  V_03: 'Your password and confirmation password do not match.',
  V_04: 'The token is not valid.',
  V_05: 'The token is not valid or is expired.',
  V_06: '{Field} already exists.',
  V_07: 'This operation cannot be executed.',
  V_08: 'The passwords do not match.',
  V_09: 'Must contain at least 1 uppercase character and 1 special character.',
  V_10: 'Must be longer than 8 characters.',
  V_11: 'Must be less than 255 characters.',
  V_12: 'The {field} is not valid.',
  V_13: 'Not a valid URL.',
  V_14: 'Exceeds the character limit.',
  V_15: 'Not valid HTML.',
  V_16: 'Must be at least 1 character long.',
  V_17: 'Must contain a file.',
  V_18: 'Already exists on this page.',
  // Pagelog's own codes, beyond the spec's catalogue (the spec leaves these texts open).
  /** A password on the list of commonly used passwords. */
  AUTH_04: 'This password is too common; choose one that is harder to guess.',
  /** A call that needs a session, made without one (401). */
  AUTH_05: 'Your session has ended; please log in again.',
  /** A state-changing call without this session's CSRF token or the XMLHttpRequest header (403). */
  AUTH_06: 'This request could not be verified; reload the page and try again.',
  // The media library's messages (spec section 8 lists them without codes).
  ML_04: 'Failed loading folder content.',
  ML_05: 'Could not move file.',
  ML_06: 'Could not move directory.',
  ML_07: 'Upload action could not be completed.',
  ML_08: 'Folder could not be created.',
  ML_09: 'Upload cancelled.',
  ML_10: 'Video link is not valid.',
  /** An upload whose type (judged by its bytes) the library does not take (415). */
  ML_11: 'This type of file is not supported.',
  // The public forms (issue 16).
  /** Too many submissions from one address, or of one form, in a short time (429). */
  FM_01: 'Too many submissions in a short time; please try again in a few minutes.',
  // The menus (issue 13).
  /** A menu item that names neither a page nor a link, or both. */
  MN_01: 'A menu item links to a page or to an address, not both or neither.',
  /** A menu item naming a page that does not exist (or no longer does). */
  MN_02: 'The page of this menu item does not exist.',
  /** Sub-items below the depth the menu allows (main menu 3 levels, footer and service menus 1). */
  MN_03: 'This menu item is nested deeper than the menu allows.',
  /** More items than the menu allows. */
  MN_04: 'The menu holds more items than it allows.',
  /** A menu item naming a page of another locale than the menu's. */
  MN_05: 'The page of this menu item is in another language than the menu.',
  /** A restore naming a version the menu never had. */
  MN_06: 'This version of the menu does not exist.',
  /** A publish of a menu that has no saved draft. */
  MN_07: 'Save the menu before publishing it.',
  // Warnings beside a successful store or publication (issue 14): the command is carried out.
  /** A link (by page id or site path) to a page that exists but is not live (the item's message names the page). */
  PM_02: 'This link points at a page that is not published.',
  /** A link (by page id or site path) to no page at all, or a deleted one (the item's message names the link). */
  PM_03: 'This link points at a page that does not exist.',
  // The site settings (issue 13).
  /** A save that would take a locale off the site while pages are still written in it, unconfirmed (the item's message names the locale and how many). */
  SE_01: 'A locale that still has pages is only removed when the removal is confirmed.',
  // Tags (issue 15): the name rules of contracts/src/tags/tag.ts, merges, and tags a page names.
  /** A tag name under MIN_TAG_LENGTH characters (after trimming). */
  TG_01: 'A tag must be at least 2 characters long.',
  /** A tag name over MAX_TAG_LENGTH characters. */
  TG_02: 'A tag can be at most 40 characters long.',
  /** A tag name with a character outside the allowed ones, or not starting with a letter or digit. */
  TG_03: 'A tag may only hold letters, digits, spaces, hyphens, apostrophes, ampersands and dots, and must start with a letter or a digit.',
  /** A tag name whose slug another tag of the locale has (public or private). */
  TG_04: 'This tag exists already: tags that differ only in capitals, accents, spaces or punctuation count as the same tag.',
  /** A merge of a tag into itself. */
  TG_05: 'A tag cannot be merged into itself.',
  /** A merge into a tag of another locale or visibility. */
  TG_06: 'A tag can only be merged into a tag of the same language and visibility.',
  /** A tag id that names no tag, or one that was merged into another. */
  TG_07: 'This tag does not exist.',
  /** A page given a tag of another locale. */
  TG_08: 'This tag belongs to another language than the page.',
  /** More tags on one page than MAX_PAGE_TAGS. */
  TG_09: 'A page can carry at most 30 tags.',
} as const;

export type ErrorCode = keyof typeof errorCatalogue;

/**
 * Labels of properties as the spec names them (section 5); a property without an entry is
 * labelled by itself. Labels are used as they are, so "The Email field is required."
 */
export const propertyLabels: Record<string, string> = {
  email: 'Email',
  password: 'Password',
  name: 'Name',
  confirm: 'Confirm',
  token: 'Token',
  jobTitle: 'JobTitle',
  confirmNewPassword: 'confirmNewPassword',
  newPassword: 'newPassword',
  currentPassword: 'currentPassword',
  title: 'Title',
  slug: 'Slug',
  type: 'Type',
  locale: 'Locale',
  content: 'Content',
  typeData: 'TypeData',
  blocks: 'Blocks',
  revision: 'Revision',
  seoTitle: 'SEO title',
  seoDescription: 'SEO description',
  seoKeywords: 'SEO keywords',
  seoImage: 'SEO image',
  id: 'Id',
  versionId: 'Version id',
  pageID: 'Page',
  pageIDs: 'Pages',
  newLocale: 'Locale',
  anchor: 'Anchor',
  anchorPoint: 'Anchor',
  anchorName: 'Anchor',
  blockKey: 'Block',
  pageVersionBlocks: 'Blocks',
  comment: 'Comment',
  feedback: 'Feedback',
  searchTerm: 'Search term',
  shouldUpdateLinks: 'Update links',
  columnToSort: 'Sort column',
  sortOrder: 'Sort order',
  pageIndex: 'Page index',
  pageSize: 'Page size',
  hasPublicationRequest: 'Publication request',
  path: 'Path',
  folderName: 'Folder name',
  newPath: 'New path',
  oldPath: 'Old path',
  newFileName: 'File name',
  fileName: 'File name',
  defaultAltText: 'Alternative text',
  shared: 'Shared',
  link: 'Video link',
  fileID: 'File',
  imageID: 'Image',
  directory: 'Folder',
  f: 'File',
  items: 'Items',
  label: 'Label',
  url: 'Link',
  kind: 'Menu',
  version: 'Version',
  siteName: 'Site name',
  logo: 'Logo',
  defaultSeoImage: 'Default SEO image',
  mediaId: 'Media item',
  streetAddress: 'Street address',
  postalCode: 'Postal code',
  city: 'City',
  country: 'Country',
  phone: 'Phone',
  chamberOfCommerceNumber: 'Chamber of commerce number',
  network: 'Network',
  availableLocales: 'Available locales',
  defaultLocale: 'Default locale',
  customSlugLocales: 'Custom slug locales',
  tag: 'Tag',
  tags: 'Tags',
  tagId: 'Tag',
  intoTagId: 'Tag to merge into',
  visibility: 'Visibility',
};

/** Own entries only: a property named `constructor` must not find Object's. */
const own = (map: Record<string, string>, key: string): string | undefined => (Object.hasOwn(map, key) ? map[key] : undefined);

export function labelOf(property: string): string {
  const last = property.split(/[.[\]]/).filter(Boolean).pop() ?? property;
  return own(propertyLabels, property) ?? own(propertyLabels, last) ?? last;
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** The message for a code, or "Error (code: X)" for a code the catalogue does not know. */
export function messageFor(code: string, property = ''): string {
  const template = own(errorCatalogue as Record<string, string>, code);
  if (template === undefined) return `Error (code: ${code})`;
  const label = labelOf(property);
  return template.replaceAll('{field}', label).replaceAll('{Field}', capitalise(label));
}

export function errorItem(code: string, property = '', model = ''): ErrorItem {
  return { code, property, model, message: messageFor(code, property) };
}
