/**
 * Delivery of notifications through the job queue: one job per recipient and channel (Telegram: one per event,
 * to the configured chat). A job that fails is retried with backoff by the queue; each channel is its own job,
 * so a failing Telegram or SMTP server never costs the in-app row.
 */
import { and, eq } from 'drizzle-orm';
import type { NotificationChannel } from '@leadgrid/shared';
import type { Config } from '../../../config';
import type { Database } from '../../../db/client';
import { notificationChannels, notifications, users } from '../../../db/schema';
import type { JobQueue } from '../../../jobs/queue';
import type { Mailer } from '../../../lib/mailer';
import { getSetting } from '../general';

export const NOTIFICATION_JOB = 'notification-deliver';

export interface DeliveryJob {
  channel: NotificationChannel;
  event: string;
  /** the recipient (in-app and e-mail); Telegram goes to the configured chat */
  userId?: number;
  title: string;
  body: string;
  data: Record<string, unknown>;
}

export interface DeliveryDeps {
  database: Database;
  config: Config;
  mailer: Mailer;
  now: () => Date;
}

const TELEGRAM_TIMEOUT_MS = 10_000;
const TELEGRAM_TEXT_MAX = 4096;

export function defineNotificationJobs(queue: JobQueue, deps: DeliveryDeps) {
  queue.define<DeliveryJob>({
    name: NOTIFICATION_JOB,
    // 6 attempts over about an hour: 30 s, 1, 2, 4, 8 minutes ... capped at 30 minutes
    options: { retryLimit: 5, retryDelay: 30, retryBackoff: true, retryDelayMax: 1800, expireInSeconds: 120 },
    pollingIntervalSeconds: 1,
    concurrency: 2,
    handler: (job) => deliver(deps, job),
  });
}

export async function deliver(deps: DeliveryDeps, job: DeliveryJob): Promise<void> {
  const db = deps.database.db;
  if (job.channel === 'in_app') {
    if (!job.userId) return;
    await db.insert(notifications).values({
      userId: job.userId,
      event: job.event,
      title: job.title.slice(0, 200),
      body: job.body,
      data: job.data,
      createdAt: deps.now(),
    });
    return;
  }
  if (job.channel === 'email') {
    if (!job.userId) return;
    const [user] = await db.select({ email: users.email, status: users.status }).from(users).where(eq(users.id, job.userId)).limit(1);
    if (!user || user.status !== 'active') return;
    const name = (await getSetting(db, 'name')) ?? deps.config.SYSTEM_NAME;
    const link = typeof job.data.link === 'string' && deps.config.PUBLIC_URL ? `\n\n${deps.config.PUBLIC_URL}${job.data.link}` : '';
    await deps.mailer.send({ to: user.email, subject: `[${name}] ${job.title}`, text: `${job.body}${link}` });
    return;
  }
  // telegram: the integration is read when the job runs, so a fixed token is picked up by the retries
  const [channel] = await db
    .select()
    .from(notificationChannels)
    .where(and(eq(notificationChannels.type, 'telegram'), eq(notificationChannels.status, 'active')))
    .limit(1);
  if (!channel?.config.botToken || !channel.config.chatId) return;
  await sendTelegram(deps.config, channel.config.botToken, channel.config.chatId, `${job.title}\n${job.body}`);
}

/** Bot API sendMessage; throws with Telegram's own description on a refusal. The token never reaches a log. */
export async function sendTelegram(config: Config, botToken: string, chatId: string, text: string): Promise<void> {
  let res: Response;
  try {
    res = await fetch(`${config.TELEGRAM_API_URL}/bot${botToken}/sendMessage`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ chat_id: chatId, text: text.slice(0, TELEGRAM_TEXT_MAX), disable_web_page_preview: true }),
      signal: AbortSignal.timeout(TELEGRAM_TIMEOUT_MS),
    });
  } catch (err) {
    const reason =
      (err as Error).name === 'TimeoutError'
        ? 'no answer within 10 seconds'
        : ((err as { cause?: { code?: string } }).cause?.code ?? (err as Error).message);
    throw new Error(`Telegram is unreachable: ${reason}`);
  }
  if (res.ok) return;
  const answer = (await res.json().catch(() => null)) as { description?: string } | null;
  throw new Error(`Telegram answered ${res.status}${answer?.description ? `: ${answer.description}` : ''}`);
}
