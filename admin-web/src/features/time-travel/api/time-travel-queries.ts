import type { TimeTravelLink } from '@pagelog/contracts/time-travel/time-travel';
import type { ApiClient, ApiReply } from '../../../core/api/api-client';
import { endpointQuery } from '../../../core/api/endpoint-query';

/** What the screen asks the moment by: a date and time (ISO, UTC) or a log position; neither is now. */
export type MomentQuery = { at?: string; position?: string };

/** A datetime-local value (the browser's time zone) as the ISO moment the API reads; null for an unreadable one. */
export function isoMoment(local: string): string | null {
  const date = new Date(local);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

/** How long a link may be made to last, in hours, and the one chosen unless asked otherwise. */
export const linkDurations = [1, 24, 168, 720] as const;
export type LinkDuration = (typeof linkDurations)[number];
export const defaultLinkDuration: LinkDuration = 24;

export const timeTravelQueries = {
  moment: (api: ApiClient, query: MomentQuery) => endpointQuery(api, 'timeTravelMoment', { query }),
};

/** What a link shows: the site as of the event at a position, or as it will be at a later moment (ISO). */
export type LinkTarget = { position: number } | { at: string };

/** POST /time-travel/link: a signed, expiring link to the site at that moment. */
export function makeTimeTravelLink(api: ApiClient, target: LinkTarget, hours: LinkDuration): Promise<ApiReply<TimeTravelLink>> {
  return api.call('timeTravelLink', { body: { ...target, hours } });
}
