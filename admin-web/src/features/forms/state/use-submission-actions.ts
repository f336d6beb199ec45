import { useMutation } from '@tanstack/react-query';
import { useApi } from '../../../core/api/api-context';
import { useErrorStore } from '../../../core/errors/error-store-context';

/**
 * A submission's commands: handled or open again, spam or not, and erasing its submitter. A
 * refusal's errors go into the `forms` collection (cleared first); each resolves whether it
 * worked. The screens read again by themselves: a command answers a newer position.
 */
export function useSubmissionActions(id: string) {
  const api = useApi();
  const errors = useErrorStore();

  async function run(call: () => ReturnType<typeof api.call>): Promise<boolean> {
    errors.clear('forms');
    const reply = await call();
    if (reply.Success) return true;
    errors.set('forms', reply.Errors);
    return false;
  }

  const handled = useMutation({ mutationFn: (value: boolean) => run(() => api.call('formsSubmissionHandled', { params: { id }, body: { handled: value } })) });
  const spam = useMutation({ mutationFn: (value: boolean) => run(() => api.call('formsSubmissionSpam', { params: { id }, body: { spam: value } })) });
  return { handled, spam };
}

/** Erases everything a submitter sent (by e-mail address); resolves how many submissions went, or null when refused. */
export function useEraseSubmitter() {
  const api = useApi();
  const errors = useErrorStore();
  return useMutation({
    mutationFn: async (email: string): Promise<number | null> => {
      errors.clear('forms');
      const reply = await api.call('formsEraseSubmitter', { body: { email } });
      if (reply.Success && reply.data) return reply.data.erased;
      errors.set('forms', reply.Errors);
      return null;
    },
  });
}
