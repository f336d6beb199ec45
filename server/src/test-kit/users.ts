import { ApiClient } from './api-client';
import { tokenIn, waitForMail, readOutbox } from './outbox';

export const USER_PASSWORD = 'Silver-Meadow-Compass-7';

/**
 * Creates a user with a role through the API (as `admin`), activates the account through the
 * link in the activation mail, and answers a client logged in as that user.
 */
export async function createActiveUser(
  admin: ApiClient,
  dataDir: string,
  user: { email: string; name?: string; role: string; password?: string },
): Promise<{ id: string; client: ApiClient; password: string }> {
  const before = (await readOutbox(dataDir)).length;
  const created = await admin.post('/user', { email: user.email, role: user.role, profile: { name: user.name ?? user.email.split('@')[0], jobTitle: '' } });
  if (created.status !== 200) throw new Error(`create ${user.email}: ${created.status} ${JSON.stringify(created.body.Errors)}`);
  const mail = await waitForMail(dataDir, user.email, /Activate/, before);
  const password = user.password ?? USER_PASSWORD;
  const anonymous = new ApiClient(admin.baseUrl);
  await anonymous.post('/auth/user');
  const activated = await anonymous.post('/auth/reset-account', { password, confirm: password, token: tokenIn(mail) });
  if (activated.status !== 200) throw new Error(`activate ${user.email}: ${activated.status} ${JSON.stringify(activated.body.Errors)}`);
  const client = await ApiClient.loggedIn(admin.baseUrl, { email: user.email, password });
  return { id: created.body.data.ID, client, password };
}
