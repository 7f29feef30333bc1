import type { NextFunction, Request, Response } from 'express';
import { invalidToken, unknownObject } from './graph-errors';
import type { SimContext } from './context';

/** Bearer token check: Graph answers 190 to a missing or wrong token. */
export function requireToken(ctx: SimContext) {
  return (req: Request, _res: Response, next: NextFunction) => {
    const header = req.get('authorization');
    const match = header ? /^Bearer\s+(\S+)$/i.exec(header) : null;
    if (!match) return next(invalidToken(true));
    if (match[1] !== ctx.accessToken) return next(invalidToken(false));
    next();
  };
}

/** An unknown phone number id is an object Graph cannot load: 400, code 100, subcode 33. */
export function requirePhoneNumber(ctx: SimContext) {
  return (req: Request, _res: Response, next: NextFunction) => {
    const id = String(req.params.phoneNumberId);
    if (id !== ctx.channel.phoneNumberId) return next(unknownObject(id, 'post'));
    next();
  };
}
