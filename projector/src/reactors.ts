import type { Reactor } from './core/reactor';
import { mailsReactor, type MailsReactorDeps } from './mails/mails-reactor';

/** Every reactor Pagelog runs (names in contracts' reactorNames), with what their effects need. */
export function allReactors(deps: MailsReactorDeps): Reactor[] {
  return [mailsReactor(deps)];
}
