import { buffer } from 'node:stream/consumers';
import { NotFoundError, ValidationError } from '@pagelog/contracts/domain-errors';
import type { RoleView } from '@pagelog/contracts/permissions';
import { readModels } from '@pagelog/contracts/read-models';
import { ANONYMOUS_USER, type UserView } from '@pagelog/contracts/users/user';
import { DEFAULT_PAGE_SIZE } from '@pagelog/contracts/users/schemas';
import type { RoleDoc, UserDoc } from '@pagelog/contracts/users/user-docs';
import type { Access } from '@pagelog/service-kit/auth/access';
import { toUserView, userFactsFromEvents } from '@pagelog/service-kit/auth/user-view';
import { query, type EndpointRoute } from '@pagelog/service-kit/http/endpoint-routes';
import { bufferedBlob, serveBlob } from '@pagelog/service-kit/http/serve-blob';
import type { UserQueryDeps } from '../core/query-deps';
import { readYourWrites } from '../core/read-your-writes';


const sortable = {
  name: (u) => u.name,
  email: (u) => u.email,
  role: (u) => u.role?.name ?? '',
  jobTitle: (u) => u.jobTitle,
  status: (u) => u.status,
  createdAt: (u) => u.createdAt ?? '',
} satisfies Record<string, (u: UserView) => string>;

/** The sort key of a column, only for the columns above (never an inherited property such as `constructor`). */
function sortKeyOf(column: string): ((u: UserView) => string) | undefined {
  return Object.hasOwn(sortable, column) ? sortable[column as keyof typeof sortable] : undefined;
}

async function allUsers(deps: UserQueryDeps): Promise<UserView[]> {
  const [docs, roles] = await Promise.all([
    deps.readModels.find<UserDoc>(readModels.users.collection),
    deps.readModels.find<RoleDoc>(readModels.roles.collection),
  ]);
  const roleById = new Map(roles.map((r) => [r.ID, { ID: r.ID, name: r.name, permissions: r.permissions }]));
  // Personal data is sealed in the read model: open it here (so search and sort happen in memory).
  const views = await Promise.all(
    docs.map((d) =>
      toUserView(
        { userId: d.ID, roleId: d.roleId, status: d.status, personal: d.personal, imageId: d.imageId, createdAt: d.createdAt, updatedAt: d.updatedAt },
        roleById.get(d.roleId) ?? null,
        deps.vault,
      ),
    ),
  );
  return views.filter((v) => v.name !== '' || v.email !== '');
}

/** The signed-in user's view from what the access check already read. */
const viewOf = (deps: UserQueryDeps, user: Access) => toUserView(user.facts, user.role, deps.vault);

export function userQueryRoutes(deps: UserQueryDeps): EndpointRoute[] {
  const fresh = readYourWrites(deps, [readModels.users.projection]);

  return [
    /** The session check: the user (ID 0 without a session). Starts an anonymous session so the caller gets a CSRF token. */
    query('authUser', async (ctx) => {
      const user = ctx.state.user as Access | null;
      if (!ctx.state.session) await deps.sessions.start(ctx, null);
      return user ? { ...(await viewOf(deps, user)), session: { inactivityMinutes: deps.inactivityMinutes } } : ANONYMOUS_USER;
    }),

    /** Keeps the session alive (loading it already moved its idle deadline) and answers the user. */
    query('authRefreshSession', async (ctx) => {
      const user = ctx.state.user as Access;
      return { ...(await viewOf(deps, user)), session: { inactivityMinutes: deps.inactivityMinutes } };
    }),

    query('userCurrent', async (ctx) => {
      return viewOf(deps, ctx.state.user as Access);
    }),

    /**
     * All users (an array, as the spec reads it), or, with pageSize/pageIndex, one page of the
     * paginated list: {items, totalItems}, searched in name, e-mail, job title and role.
     */
    query('userList', fresh, async (ctx, q) => {
      const key = sortKeyOf(q.columnToSort || 'name');
      if (!key) throw ValidationError.of('V_12', 'columnToSort', 'user');
      let users = await allUsers(deps);
      const paginated = q.pageSize !== undefined || q.pageIndex !== undefined;
      const term = (q.searchTerm ?? '').trim().toLowerCase();
      if (term) users = users.filter((u) => [u.name, u.email, u.jobTitle, u.role?.name ?? ''].some((t) => t.toLowerCase().includes(term)));
      const direction = q.sortOrder === 'desc' ? -1 : 1;
      users.sort((a, b) => direction * key(a).localeCompare(key(b), 'en', { sensitivity: 'base' }) || a.email.localeCompare(b.email));
      if (!paginated) {
        return users;
      }
      const pageSize = Math.max(1, Math.min(Number(q.pageSize ?? DEFAULT_PAGE_SIZE), 100));
      const pageIndex = Number(q.pageIndex ?? 0);
      return { items: users.slice(pageIndex * pageSize, (pageIndex + 1) * pageSize), totalItems: users.length };
    }),

    query('roleList', fresh, async (ctx) => {
      const roles = await deps.readModels.find<RoleDoc>(readModels.roles.collection, { orderBy: { field: 'name', direction: 'asc' } });
      return roles.map((r) => ({ ID: r.ID, name: r.name, permissions: r.permissions }));
    }),

    /**
     * The profile image, opened with its owner's key. Sealed as a whole (AES-GCM checks the whole
     * of it), so it is read whole (a few MB at most) and a range is served from the opened
     * bytes; the ETag is the hash of what is stored.
     */
    query('userImageGet', async (ctx) => {
      const id = ctx.params.id!;
      const imageId = (await userFactsFromEvents(deps.eventStore, id))?.imageId ?? null;
      const stored = imageId ? await deps.blobs.get(imageId) : null;
      const bytes = stored ? await deps.vault.openBytes(id, await buffer(stored.stream)) : null;
      if (!stored || !bytes) throw new NotFoundError('UM_02', 'id', 'user');
      ctx.set('Cache-Control', 'private, max-age=3600');
      ctx.set('Content-Security-Policy', "default-src 'none'");
      return serveBlob(ctx, bufferedBlob(stored.key, bytes, stored.contentType));
    }),
  ];
}
