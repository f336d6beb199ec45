import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import type { UserView } from '@pagelog/contracts/users/user';
import { AppProvider } from '../app/provider';
import { adminBasename, routeTable } from '../app/router';
import type { ErrorStore } from '../core/errors/error-store';
import RichTextEditor from '../features/pages/components/rich-text-editor';
import { preloadedRichTextEditor } from '../features/pages/components/schema-form';
import { eagerScreens } from './eager-screens';
import { fakeServer, type FakeServer } from './fake-server';
import { aUser } from './users';


// The lazily loaded editor, loaded here the way the specs load everything (see schema-form.tsx).
preloadedRichTextEditor.component = RichTextEditor;

export interface AppOptions {
  /** Signed in as this user (an administrator by default); null: nobody; 'unknown': the session is still to be checked. */
  signedIn?: UserView | null | 'unknown';
  server?: FakeServer;
  errors?: ErrorStore;
}

/** A part of the admin with everything a screen relies on apart from the router, over a fake server. */
export function renderInApp(node: ReactNode, { signedIn = aUser(), server = fakeServer(), errors }: AppOptions = {}) {
  const view = render(
    <AppProvider session={signedIn === 'unknown' ? undefined : { user: signedIn }} api={server.api} errors={errors}>
      {node}
    </AppProvider>,
  );
  return { ...view, server, user: userEvent.setup({ delay: null }) };
}

/** The admin at a path below /cmsadmin, as its user meets it in the browser, over a fake server. */
export function renderAdmin(path: string, options: AppOptions = {}) {
  const router = createMemoryRouter(routeTable(eagerScreens), { basename: adminBasename, initialEntries: [`${adminBasename}${path}`] });
  return { ...renderInApp(<RouterProvider router={router} />, options), router };
}
