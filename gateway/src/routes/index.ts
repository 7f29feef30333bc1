import { analyticsRoutes } from './analytics.routes';
import { apiKeyRoutes } from './api-keys.routes';
import { authRoutes } from './auth.routes';
import { botRoutes } from './bot.routes';
import { campaignMoneyRoutes } from './campaign-money.routes';
import { campaignRoutes } from './campaigns.routes';
import { contactRoutes } from './contacts.routes';
import { conversationActionRoutes } from './conversation-actions.routes';
import { conversationQueryRoutes } from './conversation-queries.routes';
import { healthRoutes } from './health.routes';
import { liveRoutes } from './live.routes';
import { mediaRoutes } from './media.routes';
import { messageRoutes } from './messages.routes';
import { passwordRoutes } from './passwords.routes';
import { platformRoutes } from './platform.routes';
import { quickReplyRoutes } from './quick-replies.routes';
import type { RouteSpec } from './route';
import { settingsRoutes } from './settings.routes';
import { tagRoutes } from './tags.routes';
import { teamRoutes } from './teams.routes';
import { templateSendRoutes } from './template-sends.routes';
import { templateRoutes } from './templates.routes';
import { userRoutes } from './users.routes';

/** The whole REST surface: served by the pipeline and described by the OpenAPI document. */
export const ROUTES: RouteSpec[] = [
  ...healthRoutes,
  ...authRoutes,
  ...passwordRoutes,
  ...platformRoutes,
  ...userRoutes,
  ...teamRoutes,
  ...tagRoutes,
  ...apiKeyRoutes,
  ...settingsRoutes,
  // Literal paths (/conversations/counts, /conversations/re-classify) before parameterized ones (/conversations/:id).
  ...botRoutes,
  ...conversationQueryRoutes,
  ...conversationActionRoutes,
  ...contactRoutes,
  ...messageRoutes,
  ...quickReplyRoutes,
  ...liveRoutes,
  ...mediaRoutes,
  // Literal paths (/templates/draft, /sync, /bulk, /upload-media) before /templates/:id.
  ...templateRoutes,
  ...templateSendRoutes,
  // Literal paths (/campaigns/pricing, /provider-costs, /phone-status) before /campaigns/:id.
  ...campaignMoneyRoutes,
  ...campaignRoutes,
  ...analyticsRoutes,
];
