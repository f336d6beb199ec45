import { readModels } from '@pagelog/contracts/read-models';
import { query, type EndpointRoute } from '@pagelog/service-kit/http/endpoint-routes';
import type { UserQueryDeps } from '../core/query-deps';
import { readYourWrites } from '../core/read-your-writes';
import { Readable } from 'node:stream';
import { FILE_BODY } from '@pagelog/contracts/endpoints';
import { exportFileName, exportSubmissions, listSubmissions, previewSubmitter, readSubmission } from './submissions';
import { readEditableFormSettings, readPublicFormSettings } from './form-settings';

/** The public forms' reads: the visitor's form token, and the Forms area's submissions (issue 16). */
export function formRoutes(deps: Pick<UserQueryDeps, 'formCsrf' | 'readModels' | 'vault' | 'eventStore' | 'consistencyTimeoutMs' | 'searchIndex' | 'secret'>, clock: () => number = Date.now): EndpointRoute[] {
  const fresh = readYourWrites(deps, [readModels.formSubmissions.projection]);
  return [
    /**
     * A fresh double-submit token for a form a visitor starts (decision 0016): in the answer for the
     * form's header, and in a cookie only the form endpoints receive. No session is started.
     */
    query('formsCsrfToken', async (ctx) => ({ csrfToken: deps.formCsrf.handOut(ctx) })),
    query('formsSubmissions', fresh, async (_ctx, input) =>
      listSubmissions(deps, { ...input, sortOrder: input.sortOrder as 'asc' | 'desc' }),
    ),
    query('formsSubmission', fresh, async (ctx) => readSubmission(deps, ctx.params.id!)),
    query('formsSubmitter', fresh, async (_ctx, input) => previewSubmitter(deps, input.email)),
    /** Streamed: rows are written as they are read, so an export of any size takes little memory. */
    query('formsSubmissionsExport', fresh, async (ctx, input) => {
      ctx.set('Content-Type', 'text/csv; charset=utf-8');
      ctx.set('Content-Disposition', `attachment; filename="${exportFileName(input.form, new Date(clock()))}"`);
      ctx.set('Cache-Control', 'no-store');
      ctx.status = 200;
      ctx.body = Readable.from(exportSubmissions(deps, { ...input, sortOrder: input.sortOrder as 'asc' | 'desc' }));
      return FILE_BODY;
    }),
    query('formsSettings', readYourWrites(deps, [readModels.formSettings.projection, readModels.settings.projection]), async () => readEditableFormSettings(deps)),
    query('formsPublicSettings', readYourWrites(deps, [readModels.formSettings.projection]), async (ctx) => readPublicFormSettings(deps, ctx.params.form!, ctx.params.locale!)),
  ];
}
