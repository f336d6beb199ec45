import type { Context } from 'koa';
import type { Access } from '@pagelog/service-kit/auth/access';
import type { SessionRecord } from '@pagelog/storage/session-store/session-store';
import type { UserActor } from './user-access';

/** Who acts, as the user deciders see them (they check the caller too, whatever the access check let through). */
export function actorOf(ctx: Context): UserActor {
  const user = ctx.state.user as Access | null;
  const session = ctx.state.session as SessionRecord | null;
  return { userId: user?.userId ?? null, permissions: user?.permissions ?? [], sessionId: session?.id ?? null };
}
