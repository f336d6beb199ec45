import type { Projection } from './core/projection';
import { settingsProjection } from './settings/projection';
import { pagesProjection } from './pages/projection';
import { publicPagesProjection } from './public-pages/projection';
import { usersProjection } from './users/projection';
import { mediaLibraryProjection } from './media/library-projection';
import { mediaUsageProjection } from './media/usage-projection';
import { menusProjection } from './menus/projection';
import { tagsProjection } from './tags/projection';
import { submissionsProjection } from './forms/submissions-projection';
import { formSettingsProjection } from './forms/form-settings-projection';
import { newsletterPopupProjection } from './newsletter-popup/projection';
import { auditLogProjection } from './audit/audit-log-projection';
import { releasesProjection } from './releases/projection';
import { translationSyncProjection } from './translations/translation-sync-projection';

/** Every projection Pagelog runs, by name. */
export const allProjections: Projection[] = [settingsProjection, pagesProjection, publicPagesProjection, usersProjection, mediaLibraryProjection, mediaUsageProjection, menusProjection, tagsProjection, submissionsProjection, formSettingsProjection, newsletterPopupProjection, translationSyncProjection, releasesProjection, auditLogProjection];
