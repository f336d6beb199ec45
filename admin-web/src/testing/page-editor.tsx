import { screen, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import type { PageDetails, PageVersionView } from '@pagelog/contracts/pages/page';
import type { UserView } from '@pagelog/contracts/users/user';
import type { FakeServer } from './fake-server';
import { actionsFor, aPage, aVersion, pageServer } from './pages';
import { renderAdmin } from './render';

export interface EditorOptions {
  page?: PageDetails;
  version?: PageVersionView;
  /** An administrator unless given. */
  signedIn?: UserView;
  /** pageServer(page, version) unless given, the page listing the signed-in user's actions. */
  server?: FakeServer;
}

/**
 * The editor of a page as the signed-in user opens it at /cmsadmin/pages/{id}, once it has loaded;
 * the calls it made to open are left out of server.calls.
 */
export async function openEditor({ page = aPage(), version = aVersion(), signedIn, server }: EditorOptions = {}) {
  server ??= pageServer(signedIn ? { ...page, availableActions: actionsFor(page, signedIn) } : page, version);
  const view = renderAdmin(`/pages/${page.id}`, { signedIn, server });
  await screen.findByRole('heading', { level: 1 });
  server.calls.length = 0;
  return view;
}

/** The card of a block, as its heading names it ("2. Rich text"). */
export function blockCard(title: string): HTMLElement {
  return screen.getByRole('heading', { level: 3, name: title }).closest('li')!;
}

/** The buttons of the "Page actions" group, in order. */
export function pageActions(): HTMLButtonElement[] {
  return within(screen.getByRole('group', { name: 'Page actions' })).queryAllByRole('button') as HTMLButtonElement[];
}

/** Types a new title into Page Settings, as a user changes the page. */
export async function changeTitle(user: UserEvent, title: string): Promise<void> {
  await user.click(screen.getByRole('tab', { name: 'Page Settings' }));
  const field = screen.getByLabelText('Title', { exact: true });
  await user.clear(field);
  await user.type(field, title);
}
