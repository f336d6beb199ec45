import type { ApiClient, ApiReply } from '../../../core/api/api-client';

/** POST /auth/forgot-password: always answers Success, whether or not the address is known. */
export function requestPasswordReset(api: ApiClient, email: string): Promise<ApiReply<unknown>> {
  return api.call('authForgotPassword', { body: { email } });
}

/** POST /auth/reset-account: sets the password of a reset or an activation link. */
export function resetAccount(api: ApiClient, body: { password: string; confirm: string; token: string }): Promise<ApiReply<unknown>> {
  return api.call('authResetAccount', { body });
}

/** POST /auth/setup: creates the first administrator and signs them in. */
export function setUpAdministrator(
  api: ApiClient,
  body: { token: string; name: string; email: string; password: string; confirm: string },
): Promise<ApiReply<unknown>> {
  return api.call('authSetup', { body });
}
