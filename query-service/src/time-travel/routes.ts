import { NotFoundError, ValidationError } from '@pagelog/contracts/domain-errors';
import { readModels } from '@pagelog/contracts/read-models';
import type { ReleaseDoc } from '@pagelog/contracts/releases/release';
import { publicListSchema } from '@pagelog/contracts/pages/schemas';
import { searchSchema } from '@pagelog/contracts/search/schemas';
import { AS_OF_PATH, type AsOfSiteReadName, type TimeTravelLink } from '@pagelog/contracts/time-travel/time-travel';
import { validateInput } from '@pagelog/contracts/validation';
import { query, type EndpointRoute } from '@pagelog/service-kit/http/endpoint-routes';
import type { UserQueryDeps } from '../core/query-deps';
import { asOfSiteRead, openMoment, resolveMoment, siteExistedAt } from './time-travel';
import { MomentMemo } from './moment-memo';

const isText = (v: unknown): v is string => typeof v === 'string' && v.length <= 2000;

/** The arguments each read takes, checked before it runs: a caller of the public endpoint may send anything. */
function checkedArgs(read: AsOfSiteReadName, args: unknown[]): unknown[] {
  const fail = () => {
    throw ValidationError.of('V_12', 'args', 'timeTravel');
  };
  switch (read) {
    case 'settings':
      return [];
    case 'pageBySlug':
    case 'siblings':
    case 'menus':
    case 'newsletterPopup':
      if (!isText(args[0])) fail();
      return [args[0]];
    case 'publicTag':
    case 'formTexts':
      if (!isText(args[0]) || !isText(args[1])) fail();
      return [args[0], args[1]];
    case 'pageCards':
      if (!Array.isArray(args[0]) || args[0].length > 200 || !args[0].every(isText)) fail();
      return [args[0]];
    case 'pageList':
      return [validateInput(publicListSchema, args[0] ?? {}, 'page')];
    case 'search':
      return [validateInput(searchSchema, args[0] ?? {}, 'search')];
  }
}

/**
 * A release's preview (issue 17): a signed link to the site now with its pages and menus
 * published, while it is still to come (time travel's link, or the release screen's own).
 */
export async function releasePreviewLink(deps: UserQueryDeps, releaseId: string, ttl: number): Promise<TimeTravelLink> {
  await deps.readModels.waitForCheckpoints([readModels.releases.projection], await deps.eventStore.headPosition(), deps.consistencyTimeoutMs);
  const release = await deps.readModels.get<ReleaseDoc>(readModels.releases.collection, releaseId);
  if (!release) throw new NotFoundError('PM_01', 'releaseId', 'release');
  if (release.status !== 'open' && release.status !== 'scheduled') throw ValidationError.of('V_07', 'releaseId', 'release');
  const position = await deps.eventStore.headPosition();
  const { token, expiresAt } = deps.timeTravel.issue({ kind: 'release', releaseId: release.id }, ttl);
  return { url: `${AS_OF_PATH}/${token}`, kind: 'release' as const, position, releaseId: release.id, expiresAt: new Date(expiresAt).toISOString() };
}

/**
 * Time travel (issue 17): the moment a date or a position names and a signed link to the site as
 * of it, for holders of `time-travel`; and, for whoever holds such a link, what it opens and the
 * site's reads as of its moment (the distributed site asks these; the embedded one calls them
 * in-process). A link's token is its only key: nothing of a session counts.
 */
export function timeTravelRoutes(deps: UserQueryDeps): EndpointRoute[] {
  const moments = new MomentMemo<Awaited<ReturnType<typeof openMoment>>>();
  return [
    query('timeTravelMoment', async (_ctx, input) => resolveMoment(deps, input)),
    query('timeTravelLink', async (_ctx, input) => {
      const ttl = input.hours * 3600_000;
      if (input.releaseId) {
        if (input.position !== undefined || input.at) throw ValidationError.of('V_12', 'releaseId', 'timeTravel');
        return releasePreviewLink(deps, input.releaseId, ttl);
      }
      // One moment: a position of the past, or a time to come.
      if ((input.position === undefined) === !input.at) throw ValidationError.of(input.at ? 'V_12' : 'V_01', 'position', 'timeTravel');
      if (input.at) {
        const at = Date.parse(input.at);
        // Only later than now: a past date names a position (GET /time-travel/moment finds it).
        if (Number.isNaN(at) || at <= (deps.clock ?? Date.now)()) throw ValidationError.of('V_12', 'at', 'timeTravel');
        const position = await deps.eventStore.headPosition();
        if (!(await siteExistedAt(deps, position))) throw ValidationError.of('V_12', 'at', 'timeTravel');
        const { token, expiresAt } = deps.timeTravel.issue({ kind: 'future', at }, ttl);
        return { url: `${AS_OF_PATH}/${token}`, kind: 'future' as const, position, at: new Date(at).toISOString(), expiresAt: new Date(expiresAt).toISOString() };
      }
      const position = input.position!;
      const head = await deps.eventStore.headPosition();
      // Past the head, or before the site had its settings (nothing to show then).
      if (position > head || !(await siteExistedAt(deps, position))) throw ValidationError.of('V_12', 'position', 'timeTravel');
      const { token, expiresAt } = deps.timeTravel.issue(position, ttl);
      return { url: `${AS_OF_PATH}/${token}`, kind: 'past' as const, position, expiresAt: new Date(expiresAt).toISOString() };
    }),
    query('timeTravelOpen', async (_ctx, { token }) => {
      const opened = await openMoment(deps, token);
      if (!opened) throw ValidationError.of('V_05', 'token', 'timeTravel');
      return opened.view;
    }),
    query('timeTravelSiteRead', async (_ctx, input) => {
      // The moment's time is the banner's, which this read does not make. A render's reads come one
      // by one: the moment is opened once for them (per token and head, for a few seconds).
      const head = await deps.eventStore.headPosition();
      const opened = await moments.read(input.token, head, () => openMoment(deps, input.token, { withTime: false }));
      if (!opened) throw ValidationError.of('V_05', 'token', 'timeTravel');
      const read = input.read as AsOfSiteReadName;
      return { value: (await asOfSiteRead(opened.reads, read, checkedArgs(read, input.args as unknown[]))) ?? null };
    }),
  ];
}
