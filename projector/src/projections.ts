import type { Projection } from './core/projection';
import { settingsProjection } from './settings/projection';
import { pagesProjection } from './pages/projection';
import { publicPagesProjection } from './public-pages/projection';
import { usersProjection } from './users/projection';

/** Every projection Pagelog runs, by name. */
export const allProjections: Projection[] = [settingsProjection, pagesProjection, publicPagesProjection, usersProjection];
