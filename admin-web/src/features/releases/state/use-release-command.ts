import { useEffect, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ErrorItem } from '@pagelog/contracts/envelope';
import type { ReleaseItemView, ReleaseMenuView } from '@pagelog/contracts/releases/release';
import { useApi } from '../../../core/api/api-context';
import { useErrorStore } from '../../../core/errors/error-store-context';
import type { ReleaseReply } from '../api/release-queries';
import { describeRefusal, type ReleaseAction } from './release-errors';
import { useMenuName } from './menu-name';

export const RELEASES_ERRORS = 'releases';

interface Command {
  action: ReleaseAction;
  send: () => Promise<ReleaseReply>;
}

/**
 * Runs the release commands of a screen, one at a time. A refusal's errors go into the
 * `releases` collection (cleared first) in the screens' words, and `failed` says which action
 * they belong to, so the part of the screen it was pressed in shows them. A command that
 * succeeded hands its position to the API client: every read on screen is taken again at it
 * (read-your-writes). A stale revision or a release gone meanwhile reads the release again, so
 * the screen shows what there is now. Resolves the command's answer, or null when refused.
 */
export function useReleaseCommand(items: readonly ReleaseItemView[] = [], menus: readonly Pick<ReleaseMenuView, 'locale' | 'kind'>[] = []) {
  const api = useApi();
  const errors = useErrorStore();
  const queryClient = useQueryClient();
  const { t } = useTranslation();
  const menuName = useMenuName();
  const [failed, setFailed] = useState<ReleaseAction | null>(null);

  useEffect(() => {
    errors.clear(RELEASES_ERRORS);
    return () => errors.clear(RELEASES_ERRORS);
  }, [errors]);

  const mutation = useMutation({
    mutationFn: async ({ action, send }: Command) => {
      errors.clear(RELEASES_ERRORS);
      setFailed(null);
      const reply = await send();
      if (!reply.Success || !reply.data) {
        errors.set(RELEASES_ERRORS, describeRefusal(reply.Errors, action, items, t, menus, menuName));
        setFailed(action);
        if (reply.status === 409 || reply.status === 404) void queryClient.invalidateQueries({ queryKey: ['releaseGet'] });
        return null;
      }
      // The client noted the position from the reply's header already; the body says it as well.
      api.notePosition(reply.data.position);
      return reply.data;
    },
  });

  return {
    /** Shows errors found before sending (the contract's rules), as a refusal of the action. */
    refuse: (action: ReleaseAction, found: readonly ErrorItem[]) => {
      errors.set(RELEASES_ERRORS, found);
      setFailed(action);
    },
    run: (action: ReleaseAction, send: () => Promise<ReleaseReply>) => mutation.mutateAsync({ action, send }),
    /** The action being sent, if any. */
    pending: mutation.isPending ? (mutation.variables?.action ?? null) : null,
    failed,
  };
}

/** What the parts of a release's screen are handed to send their commands with. */
export type ReleaseCommandRunner = ReturnType<typeof useReleaseCommand>;
