import { screen, within } from '@testing-library/react';
import type { FakeServer } from './fake-server';
import { aDocument, aFolder, aListing, anItem, mediaServer, renderMediaLibrary } from './media';

/** The media library screen's fixtures and the ways its specs look at it. */

export const beach = anItem({ id: 'beach', path: '/photos', fileName: 'beach.jpg' });
export const dunes = anItem({ id: 'dunes', path: '/photos', fileName: 'dunes.jpg', defaultAltText: '' });
export const report = aDocument({ id: 'report', path: '/photos', fileName: 'report.pdf' });

/** A library with a root that holds /photos and /archive, and /photos holding a folder and three files. */
export function library() {
  return mediaServer({
    '/': aListing('/', [aFolder('/photos'), aFolder('/archive')]),
    '/photos': aListing('/photos', [aFolder('/photos/2024'), beach, dunes, report]),
    '/archive': aListing('/archive', [anItem({ id: 'old', path: '/archive', fileName: 'old.jpg' })]),
  });
}

export const photo = (name: string) => new File([new Uint8Array(1024)], name, { type: 'image/jpeg' });
export const content = () => screen.getByRole('region', { name: 'Folder content' });
export const grid = () => within(content()).getByRole('list', { name: /Folder content|Search results/ });
/** What a person hears for an element: its label, or its text without what is hidden from them. */
export function spoken(element: HTMLElement): string {
  const label = element.getAttribute('aria-label');
  if (label) return label;
  const copy = element.cloneNode(true) as HTMLElement;
  for (const hidden of copy.querySelectorAll('[aria-hidden="true"]')) hidden.remove();
  return (copy.textContent ?? '').trim();
}
export const tileNames = () => within(grid()).queryAllByRole('button').map(spoken);
export const tree = () => within(screen.getByRole('group', { name: 'Folders' }));
export const shownErrors = () => within(screen.getByRole('alert')).getAllByRole('listitem').map((item) => item.textContent);
export const gotDir = (server: FakeServer) => server.callsOf('mediaGetDir').map((call) => (call.body as { path: string }).path);

export async function openAt(path = '/photos', options: Parameters<typeof renderMediaLibrary>[1] & { server?: ReturnType<typeof library> } = {}) {
  const server = options.server ?? library();
  const view = renderMediaLibrary(path, { server, ...options });
  await within(content()).findByRole('button', { name: /beach\.jpg|Open folder photos|old\.jpg/ });
  return { ...view, server };
}
