/**
 * What a link prop may hold: a path on this site (`/over-ons`, `/en-gb/about#team`), an in-page
 * anchor, or an http(s), mailto or tel URL. Not `//host` or `/\host` (browsers read both as
 * another site), nor javascript:, data: and the like. Kept apart from the block schemas so the
 * public site's bundle can use it without yup.
 */
export const linkTargetPattern = /^(?:\/(?![\/\\])[^\s]*|#[A-Za-z][A-Za-z0-9_-]*|https?:\/\/[^\s/$.?#][^\s]*|mailto:[^\s@]+@[^\s@]+|tel:\+?[0-9 ()-]{3,})$/i;

export function isLinkTarget(value: string): boolean {
  return linkTargetPattern.test(value.trim());
}
