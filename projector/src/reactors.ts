import type { Reactor } from './core/reactor';
import { formMailsReactor, type FormMailsReactorDeps } from './forms/form-mails-reactor';
import { mailsReactor, type MailsReactorDeps } from './mails/mails-reactor';
import { renditionsReactor, type RenditionsReactorDeps } from './media/renditions-reactor';
import { mediaCleanupReactor, type MediaCleanupDeps } from './media/cleanup-reactor';
import { siteCacheReactor, type SiteCacheReactorDeps } from './site-cache/invalidation-reactor';
import { tagMergesReactor, type TagMergesReactorDeps } from './tags/merge-reactor';
import { formRetentionReactor, type FormRetentionDeps } from './forms/retention-reactor';

/** Every reactor Pagelog runs (names in contracts' reactorNames), with what their effects need. */
export function allReactors(deps: MailsReactorDeps & FormMailsReactorDeps & RenditionsReactorDeps & MediaCleanupDeps & SiteCacheReactorDeps & TagMergesReactorDeps & FormRetentionDeps): Reactor[] {
  return [mailsReactor(deps), formMailsReactor(deps), renditionsReactor(deps), mediaCleanupReactor(deps), siteCacheReactor(deps), tagMergesReactor(deps), formRetentionReactor(deps)];
}
