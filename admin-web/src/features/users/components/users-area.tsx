import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { auditLogAdminPath } from '@pagelog/contracts/audit/audit-log';
import { toRouterPath } from '../../../components/navigation/build-navigation';
import type { UserView } from '@pagelog/contracts/users/user';
import { ErrorList } from '../../../components/error-list/error-list';
import { PaginatedList, type ListColumn, type ListParams } from '../../../components/paginated-list/paginated-list';
import { useApi } from '../../../core/api/api-context';
import { useErrorStore } from '../../../core/errors/error-store-context';
import { useCurrentUser } from '../../../core/session/current-user';
import { userQueries } from '../api/user-queries';
import { DeleteUserModal } from './delete-user-modal';
import { displayName } from './display-name';
import { UserFormModal } from './user-form-modal';

type Dialog = { kind: 'add' } | { kind: 'edit'; user: UserView } | { kind: 'delete'; user: UserView } | null;

interface UsersAreaProps {
  title: string;
  /** h1 on its own screen, h2 as an area of the dashboard. */
  headingLevel?: 1 | 2;
  pageSize?: number;
}

/** The users: a paginated list with edit and delete per row, and Add user. */
export function UsersArea({ title, headingLevel = 1, pageSize }: UsersAreaProps) {
  const { t } = useTranslation();
  const api = useApi();
  const errors = useErrorStore();
  const { user: signedIn, hasPermission } = useCurrentUser();
  const [dialog, setDialog] = useState<Dialog>(null);
  const titleId = useId();

  function open(next: Dialog) {
    // A dialog starts without the errors of the one before.
    errors.clear('users-overview');
    setDialog(next);
  }

  const columns = useMemo<ListColumn<UserView>[]>(
    () => [
      { key: 'name', label: t('users.columns.name'), sortable: true, render: (user) => displayName(user) },
      { key: 'email', label: t('users.columns.email'), sortable: true, render: (user) => user.email },
      { key: 'role', label: t('users.columns.role'), sortable: true, render: (user) => user.role?.name ?? '' },
      { key: 'jobTitle', label: t('users.columns.jobTitle'), render: (user) => user.jobTitle || user.profile?.jobTitle || '' },
      {
        key: 'status',
        label: t('users.columns.status'),
        render: (user) => (user.status === 'pending' ? t('users.status.pending') : t('users.status.active')),
      },
    ],
    [t],
  );

  // A create, update or delete answers a newer position: the list reads again by itself.
  const query = ({ pageIndex, pageSize, searchTerm, sortColumn, sortOrder }: ListParams) =>
    userQueries.list(api, { pageIndex, pageSize, searchTerm, columnToSort: sortColumn, sortOrder });

  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  return (
    <section className="users-area" aria-labelledby={titleId}>
      <div className="screen__header">
        <Heading id={titleId} className={headingLevel === 1 ? 'screen__title' : 'area__title'}>
          {title}
        </Heading>
        <button type="button" className="button button--orange" onClick={() => open({ kind: 'add' })}>
          {t('users.add')}
        </button>
      </div>
      {dialog === null && <ErrorList collection="users-overview" />}
      <PaginatedList
        label={title}
        query={query}
        columns={columns}
        rowKey={(user) => String(user.ID)}
        pageSize={pageSize}
        noResultsText={t('users.noResults')}
        rowActions={(user) => (
          <>
            <button
              type="button"
              className="button button--grey button--small"
              aria-label={t('users.editUser', { name: displayName(user) })}
              onClick={() => open({ kind: 'edit', user })}
            >
              {t('users.edit')}
            </button>
            {hasPermission('view-audit') && (
              <Link className="button button--grey button--small" to={toRouterPath(auditLogAdminPath({ actor: String(user.ID) }))} aria-label={t('users.auditLog', { name: displayName(user) })}>
                {t('users.auditLogShort')}
              </Link>
            )}
            {String(user.ID) !== signedIn?.ID && (
              <button
                type="button"
                className="button button--grey button--small"
                aria-label={t('users.deleteUser', { name: displayName(user) })}
                onClick={() => open({ kind: 'delete', user })}
              >
                {t('users.delete.button')}
              </button>
            )}
          </>
        )}
      />
      {dialog?.kind === 'add' && <UserFormModal onClose={() => setDialog(null)} />}
      {dialog?.kind === 'edit' && <UserFormModal user={dialog.user} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'delete' && <DeleteUserModal user={dialog.user} onClose={() => setDialog(null)} />}
    </section>
  );
}
