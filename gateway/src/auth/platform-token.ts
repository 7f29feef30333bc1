import { createHash, timingSafeEqual } from 'node:crypto';
import type { Request } from 'express';
import { unauthenticated } from '@inbox/platform';
import { HttpProblem } from '../http/problem';
import type { AuthFailures } from './auth-failures';

const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * The operators' token (PLATFORM_TOKEN, at least 32 characters). Compared in constant time over
 * digests (equal lengths whatever was sent), and a wrong one counts as a failed authentication of
 * the address, so it cannot be guessed at the speed of the network.
 */
export async function checkPlatformToken(
  req: Request,
  platformToken: string | undefined,
  failures: AuthFailures,
): Promise<void> {
  // Unset token: the platform API does not exist in this deployment.
  if (!platformToken) throw new HttpProblem({ status: 404, code: 'NOT_FOUND', detail: 'No such endpoint' });
  await failures.check(req.ip);
  const sent = /^Bearer\s+(\S+)$/i.exec(req.get('authorization') ?? '')?.[1] ?? '';
  if (timingSafeEqual(digest(sent), digest(platformToken))) return;
  await failures.count(req.ip);
  throw unauthenticated('A valid platform token is required');
}
