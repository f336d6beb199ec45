import type { PageDoc } from '@pagelog/contracts/pages/page-docs';
import type { ScheduleDoc, UpcomingSchedule } from '@pagelog/contracts/pages/schedules';
import { readModels } from '@pagelog/contracts/read-models';
import { nameResolver } from '../core/names';
import type { UserQueryDeps } from '../core/query-deps';

/** How many the dashboard lists at most. */
const UPCOMING_LIMIT = 100;

/**
 * GET page/schedules: every pending scheduled publication and unpublication (issue 17), the
 * soonest first (a failed one by its retry), with the page's title and address as they are now
 * and who scheduled it.
 */
export async function upcomingSchedules(deps: Pick<UserQueryDeps, 'readModels' | 'vault'>): Promise<UpcomingSchedule[]> {
  const docs = await deps.readModels.find<ScheduleDoc>(readModels.pageSchedules.collection, { orderBy: { field: 'dueAt', direction: 'asc' }, limit: UPCOMING_LIMIT });
  const pages = await deps.readModels.getMany<PageDoc>(readModels.pages.collection, [...new Set(docs.map((d) => d.pageId))]);
  const names = nameResolver(deps);
  const upcoming: UpcomingSchedule[] = [];
  for (const doc of docs) {
    const page = pages.get(doc.pageId);
    if (!page) continue;
    const { id: _id, dueAt: _due, pageId, ...view } = doc;
    upcoming.push({ ...view, pageId, title: page.title, locale: page.locale, slug: page.slug, scheduledByName: await names.name(doc.scheduledBy) });
  }
  return upcoming;
}
