import { apiKeyRoutes } from './api-keys.routes';
import { authRoutes } from './auth.routes';
import { healthRoutes } from './health.routes';
import { platformRoutes } from './platform.routes';
import type { RouteSpec } from './route';
import { tagRoutes } from './tags.routes';
import { teamRoutes } from './teams.routes';
import { userRoutes } from './users.routes';

/** The whole REST surface: served by the pipeline and described by the OpenAPI document. */
export const ROUTES: RouteSpec[] = [
  ...healthRoutes,
  ...authRoutes,
  ...platformRoutes,
  ...userRoutes,
  ...teamRoutes,
  ...tagRoutes,
  ...apiKeyRoutes,
];
