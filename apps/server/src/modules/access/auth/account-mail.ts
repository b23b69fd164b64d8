/**
 * "Your account was changed" e-mails: when someone else changes a user's e-mail address or password, the OLD
 * address is told (an account taken over that way is noticed by its owner). The message is a job enqueued in the
 * transaction of the change, sent through the mailer with the queue's retries: nothing is lost, nothing is sent
 * for a change that rolled back.
 */
import type { JobQueue } from '../../../jobs/queue';
import { requireActor, type Ctx } from '../../../http/context';
import type { Mailer } from '../../../lib/mailer';
import { getSetting } from '../../settings/general';
import { revokeAllOfUser, revokeOthersOfUser } from './sessions';

export const ACCOUNT_MAIL_JOB = 'account-mail';

export interface AccountMail {
  to: string;
  subject: string;
  text: string;
}

export function defineAccountMailJobs(queue: JobQueue, deps: { mailer: Mailer }) {
  queue.define<AccountMail>({
    name: ACCOUNT_MAIL_JOB,
    options: { retryLimit: 5, retryDelay: 30, retryBackoff: true, retryDelayMax: 1800, expireInSeconds: 120 },
    pollingIntervalSeconds: 2,
    handler: (mail) => deps.mailer.send(mail),
  });
}

export interface CredentialsChange {
  /** the address the account had before the change */
  oldEmail: string;
  firstName: string;
  emailChanged: boolean;
  passwordChanged: boolean;
}

/**
 * After a user's e-mail or password changed (inside the transaction of the change): someone else's change signs
 * the user out everywhere and tells its old address; one's own ends one's other sessions only.
 */
export async function afterCredentialsChange(
  ctx: Ctx,
  queue: JobQueue,
  before: { id: number; email: string; firstName: string },
  change: { emailChanged: boolean; passwordChanged: boolean },
): Promise<void> {
  if (!change.emailChanged && !change.passwordChanged) return;
  if (requireActor(ctx).id === before.id) return revokeOthersOfUser(ctx, before.id, ctx.sessionId);
  await revokeAllOfUser(ctx, before.id);
  await enqueueCredentialsNotice(ctx, queue, { oldEmail: before.email, firstName: before.firstName, ...change });
}

/** Enqueues, in `ctx`'s transaction, the notice to the old address of an account whose credentials someone else changed. */
export async function enqueueCredentialsNotice(ctx: Ctx, queue: JobQueue, change: CredentialsChange): Promise<void> {
  if (!change.emailChanged && !change.passwordChanged) return;
  const name = (await getSetting(ctx.db, 'name')) ?? ctx.config.SYSTEM_NAME;
  const what = [change.emailChanged ? 'e-mail address' : '', change.passwordChanged ? 'password' : ''].filter(Boolean).join(' and ');
  const when = ctx.now().toISOString().replace('T', ' ').slice(0, 16);
  await queue.send<AccountMail>(
    ACCOUNT_MAIL_JOB,
    {
      to: change.oldEmail,
      subject: `${name}: the ${what} of your account was changed`,
      text:
        `Hello ${change.firstName},\n\nThe ${what} of your account was changed by another user on ${when} UTC, ` +
        `and every session of your account was signed out.\n\nIf you did not expect this, contact your administrator at once.`,
    },
    { db: ctx.db },
  );
}
