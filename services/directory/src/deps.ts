import type { CallerContext, Db, Logger, SigningKeys } from '@inbox/platform';
import type { EventRecorder } from './events';
import type { Mailer } from './mail/mailer';

export interface DirectorySettings {
  accessTokenTtlSeconds: number;
  refreshTokenTtlDays: number;
  invitationTtlHours: number;
  passwordResetTtlHours: number;
  /**
   * Base of the links in invitation and reset e-mails (`{base}/accept-invite?token=…`,
   * `{base}/reset-password?token=…`): the gateway's own pages, or the operator's front end.
   */
  publicUrl: string;
  signingKeys: SigningKeys;
}

/** Everything a use case may touch, built once in main.ts and passed as a plain object. */
export interface DirectoryDeps {
  db: Db;
  events: EventRecorder;
  mailer: Mailer;
  settings: DirectorySettings;
  logger: Logger;
  now: () => Date;
}

export type { CallerContext };
