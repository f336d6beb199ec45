import { USER_DIRECTORY_STREAM, type PersonalData } from '@pagelog/contracts/events/user-events';
import { hasPermission } from '@pagelog/contracts/permissions';
import { pageEditorPath } from '@pagelog/contracts/pages/page-types';
import { publicPath } from '@pagelog/contracts/slugs';
import type { MailMessage } from '@pagelog/storage/mail/mailer';
import { roleFromEvents, userFactsFromEvents } from '@pagelog/service-kit/auth/user-view';
import type { UsersDeps } from '../../users/users-deps';
import type { PageState } from '../page-state';
import { readSettings } from '../settings';

/** Someone to write to: an active user's address and name, opened with their key. */
interface Person {
  userId: string;
  email: string;
  name: string;
}

async function personOf(deps: UsersDeps, userId: string): Promise<(Person & { roleId: string; active: boolean }) | null> {
  const facts = await userFactsFromEvents(deps.store, userId);
  if (!facts?.personal) return null;
  const personal = await deps.vault.open<PersonalData>(userId, facts.personal);
  if (!personal) return null;
  return { userId, email: personal.email, name: personal.name, roleId: facts.roleId, active: facts.status === 'active' };
}

/** Every active user whose role may review publication requests. */
export async function reviewers(deps: UsersDeps): Promise<Person[]> {
  const listed = await deps.store.readStream(USER_DIRECTORY_STREAM);
  const ids = [...new Set(listed.map((e) => (e.data as { userId: string }).userId))];
  const roles = new Map<string, boolean>();
  const people: Person[] = [];
  for (const id of ids) {
    const person = await personOf(deps, id);
    if (!person?.active) continue;
    if (!roles.has(person.roleId)) roles.set(person.roleId, hasPermission((await roleFromEvents(deps.store, person.roleId))?.permissions, 'review-publication'));
    if (roles.get(person.roleId)) people.push(person);
  }
  return people;
}

const editorLink = (deps: UsersDeps, page: PageState) => `${deps.publicUrl}${pageEditorPath(page.pageId)}`;
const quoted = (label: string, text: string) => (text.trim() === '' ? '' : `\n${label}:\n${text.trim().replace(/^/gm, '> ')}\n`);

export function requestMail(to: Person, requester: string, page: PageState, comment: string, link: string, reminder: boolean): MailMessage {
  return {
    to: to.email,
    subject: `${reminder ? 'Reminder: publication' : 'Publication'} requested: ${page.draft.title}`,
    text: `Hello ${to.name},\n\n${requester} asks you to review the page "${page.draft.title}" (${page.locale}) for publication.\n${quoted('Comment', comment)}\nReview it here:\n${link}\n`,
  };
}

export function decisionMail(to: Person, reviewer: string, page: PageState, accepted: boolean, feedback: string, link: string): MailMessage {
  return {
    to: to.email,
    subject: `Publication ${accepted ? 'accepted' : 'rejected'}: ${page.draft.title}`,
    text: accepted
      ? `Hello ${to.name},\n\n${reviewer} accepted your request: the page "${page.draft.title}" (${page.locale}) is published.\n${quoted('Feedback', feedback)}\nSee it here:\n${link}\n`
      : `Hello ${to.name},\n\n${reviewer} rejected your request to publish the page "${page.draft.title}" (${page.locale}).\n${quoted('Feedback', feedback)}\nOpen the page to make changes and ask again:\n${link}\n`,
  };
}

/** Sends without making the caller wait; a failure is logged (the workflow itself has happened). */
function deliver(deps: UsersDeps, messages: MailMessage[]): void {
  for (const message of messages) {
    void deps.mailer.send(message).catch((error: unknown) => deps.logger.error({ err: error, subject: message.subject }, 'a workflow mail could not be sent'));
  }
}

async function nameOf(deps: UsersDeps, userId: string): Promise<string> {
  return (await personOf(deps, userId))?.name || 'A colleague';
}

/** Reviewers are told of a new (or resent) request; the requester does not mail themselves. */
export async function mailReviewers(deps: UsersDeps, page: PageState, requesterId: string, comment: string, reminder: boolean): Promise<void> {
  const people = (await reviewers(deps)).filter((p) => p.userId !== requesterId);
  const requester = await nameOf(deps, requesterId);
  deliver(deps, people.map((p) => requestMail(p, requester, page, comment, editorLink(deps, page), reminder)));
}

/** The requester is told the decision: the public page when accepted, the editor when rejected. */
export async function mailRequester(deps: UsersDeps, page: PageState, requesterId: string, reviewerId: string, accepted: boolean, feedback: string): Promise<void> {
  const requester = await personOf(deps, requesterId);
  if (!requester?.active || requesterId === reviewerId) return;
  const settings = await readSettings(deps.store);
  const link = accepted ? `${deps.publicUrl}${publicPath(page.locale, page.slug, settings?.defaultLocale ?? page.locale)}` : editorLink(deps, page);
  deliver(deps, [decisionMail(requester, await nameOf(deps, reviewerId), page, accepted, feedback, link)]);
}

/** Runs the look-ups of a mail after the reply, logging a failure instead of failing the command. */
export function afterReply(deps: UsersDeps, work: () => Promise<void>): void {
  // Tracked with the other work after the answer, so shutting down waits for the mail.
  deps.later('workflow mail', work);
}
