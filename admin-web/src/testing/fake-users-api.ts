import type { UserView } from '@pagelog/contracts/users/user';
import type { ApiReply } from '../core/api/api-client';
import type { UsersApi } from '../features/users/api/users-api';
import { success } from './replies';

type Method = keyof UsersApi;

export interface RecordedCall {
  method: Method;
  args: unknown[];
}

/**
 * A UsersApi that records its calls in order and answers success unless told otherwise with
 * `answer(method, reply)`.
 */
export function fakeUsersApi(users: UserView[] = []) {
  const calls: RecordedCall[] = [];
  const answers = new Map<Method, ApiReply<unknown>>();
  const reply = (method: Method, args: unknown[], fallback: ApiReply<unknown>) => {
    calls.push({ method, args });
    return Promise.resolve((answers.get(method) ?? fallback) as never);
  };
  const api: UsersApi = {
    createUser: (...args) => reply('createUser', args, success(users[0] ?? null)),
    updateUser: (...args) => reply('updateUser', args, success(users[0] ?? null)),
    deleteUser: (...args) => reply('deleteUser', args, success(null)),
    uploadImage: (...args) => reply('uploadImage', args, success(null)),
    deleteImage: (...args) => reply('deleteImage', args, success(null)),
  };
  return {
    api,
    calls,
    methods: () => calls.map((call) => call.method),
    answer(method: Method, answer: ApiReply<unknown>) {
      answers.set(method, answer);
    },
  };
}
