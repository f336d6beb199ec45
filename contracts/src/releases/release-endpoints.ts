import { returns, type Committed } from '../endpoint-kit';
import type { TimeTravelLink } from '../time-travel/time-travel';
import {
  createReleaseSchema,
  releaseMenuSchema,
  releasePageSchema,
  releasePreviewLinkSchema,
  releaseRevisionSchema,
  scheduleReleaseSchema,
  updateReleaseSchema,
  type ReleaseCommitted,
  type ReleaseSummary,
  type ReleaseView,
} from './release';

/**
 * The releases' part of the endpoint table (issue 17): a set of page versions and menu changes
 * published (and rolled back) together, optionally at a set moment. Spread into `endpoints`.
 */
export const releaseEndpoints = {
  releaseList: { method: 'GET', path: '/release/list', kind: 'query', model: 'release', access: 'authenticated', response: returns<ReleaseSummary[]>() },
  releaseGet: { method: 'GET', path: '/release/:id', kind: 'query', model: 'release', access: 'authenticated', response: returns<ReleaseView>() },
  releaseCreate: { method: 'POST', path: '/release/create', kind: 'command', model: 'release', schema: createReleaseSchema, access: { permission: 'publish-page' }, response: returns<Committed<ReleaseCommitted>>() },
  releaseUpdate: { method: 'POST', path: '/release/:id/update', kind: 'command', model: 'release', schema: updateReleaseSchema, access: { permission: 'publish-page' }, response: returns<Committed<ReleaseCommitted>>() },
  releaseAddPage: { method: 'POST', path: '/release/:id/add-page', kind: 'command', model: 'release', schema: releasePageSchema, access: { permission: 'publish-page' }, response: returns<Committed<ReleaseCommitted>>() },
  releaseRemovePage: { method: 'POST', path: '/release/:id/remove-page', kind: 'command', model: 'release', schema: releasePageSchema, access: { permission: 'publish-page' }, response: returns<Committed<ReleaseCommitted>>() },
  releaseAddMenu: { method: 'POST', path: '/release/:id/add-menu', kind: 'command', model: 'release', schema: releaseMenuSchema, access: { permission: ['publish-page', 'manage-menu'] }, response: returns<Committed<ReleaseCommitted>>() },
  releaseRemoveMenu: { method: 'POST', path: '/release/:id/remove-menu', kind: 'command', model: 'release', schema: releaseMenuSchema, access: { permission: ['publish-page', 'manage-menu'] }, response: returns<Committed<ReleaseCommitted>>() },
  // The release's own preview, for those who put releases together (time-travel is not needed for it).
  releasePreviewLink: { method: 'POST', path: '/release/:id/preview-link', kind: 'query', model: 'release', schema: releasePreviewLinkSchema, access: { permission: 'publish-page' }, csrf: false, response: returns<TimeTravelLink>() },
  releaseSchedule: { method: 'POST', path: '/release/:id/schedule', kind: 'command', model: 'release', schema: scheduleReleaseSchema, access: { permission: 'publish-page' }, response: returns<Committed<ReleaseCommitted>>() },
  releaseScheduleCancel: { method: 'POST', path: '/release/:id/schedule/cancel', kind: 'command', model: 'release', schema: releaseRevisionSchema, access: { permission: 'publish-page' }, response: returns<Committed<ReleaseCommitted>>() },
  releasePublish: { method: 'POST', path: '/release/:id/publish', kind: 'command', model: 'release', schema: releaseRevisionSchema, access: { permission: 'publish-page' }, response: returns<Committed<ReleaseCommitted>>() },
  releaseRollback: { method: 'POST', path: '/release/:id/rollback', kind: 'command', model: 'release', schema: releaseRevisionSchema, access: { permission: 'publish-page' }, response: returns<Committed<ReleaseCommitted>>() },
  releaseDelete: { method: 'POST', path: '/release/:id/delete', kind: 'command', model: 'release', schema: releaseRevisionSchema, access: { permission: 'publish-page' }, response: returns<Committed<ReleaseCommitted>>() },
} as const;
