import type { Request } from 'express';
import type { GatewayContext } from '../context';

/**
 * Redeeming an e-mailed link (an invitation, a password reset) is limited per client address, one
 * budget for both: a link token must not be guessable at speed from one place.
 */
export const linkRedemptionLimits = ({ req, ctx }: { req: Request; ctx: GatewayContext }) => [
  {
    key: `rl:link-redemption:ip:${req.ip}`,
    limit: ctx.limits.ACCEPT_INVITE_LIMIT_PER_IP,
    windowMs: ctx.limits.LOGIN_WINDOW_SECONDS * 1000,
  },
];
