import { Readable } from 'node:stream';
import { AUDIT_PAGE_SIZE } from '@pagelog/contracts/audit/audit-log';
import { FILE_BODY } from '@pagelog/contracts/endpoints';
import { readModels } from '@pagelog/contracts/read-models';
import { query, type EndpointRoute } from '@pagelog/service-kit/http/endpoint-routes';
import type { UserQueryDeps } from '../core/query-deps';
import { readYourWrites } from '../core/read-your-writes';
import { auditExportCsv, auditExportFileName, auditExportJson, exportRange, listAuditLog } from './audit-log';

/** The site-wide audit log (issue 17): its pages and its export by period, for auditors (view-audit). */
export function auditRoutes(deps: UserQueryDeps, clock: () => number = Date.now): EndpointRoute[] {
  const fresh = readYourWrites(deps, [readModels.auditLog.projection]);
  return [
    query('auditLog', fresh, async (_ctx, input) =>
      listAuditLog(deps, { ...input, before: input.before ? Number(input.before) : undefined, limit: input.limit ? Number(input.limit) : AUDIT_PAGE_SIZE }),
    ),
    /** Streamed: events are written as they are read, so a period of any length takes little memory. */
    query('auditExport', fresh, async (ctx, input) => {
      const now = new Date(clock());
      const format = input.format === 'csv' ? 'csv' : 'json';
      const range = await exportRange(deps, input);
      ctx.set('Content-Type', format === 'csv' ? 'text/csv; charset=utf-8' : 'application/json; charset=utf-8');
      ctx.set('Content-Disposition', `attachment; filename="${auditExportFileName(input, format, now)}"`);
      ctx.set('Cache-Control', 'no-store');
      ctx.status = 200;
      ctx.body = Readable.from(format === 'csv' ? auditExportCsv(deps, input, range) : auditExportJson(deps, input, range, now));
      return FILE_BODY;
    }),
  ];
}
