/**
 * Sends the mail queue (mail_queue, queue.ts), always outside any database transaction.
 *
 * - A batch of due messages is claimed for `claimMs` in one immediate transaction before it is
 *   sent, so two server processes draining one database never send the same message; a claim
 *   left by a process that died lapses and the message is sent by the next drain. The sender
 *   drains at start (what a restart left), after each commit that queued a message, and when the
 *   earliest retry falls due.
 * - Each message goes through `sendMail` (mailer.ts): SMTP with the current settings, or the
 *   development transport when SMTP is not usable.
 * - Failures are retried with exponential backoff and jitter (`MAIL_BACKOFF`: 1 min doubling to
 *   1 h, ±20 %), at most `maxAttempts` attempts; then the message is `failed` with its last error,
 *   for the admins' list. An SMTP 5xx refusal fails at once: a retry would get the same answer.
 * - Once a message is sent or failed, the body of one that carried a sign-in link is blanked (the
 *   token must not outlive its use in the database; a failed one's token is withdrawn, since
 *   nobody holds it), and an inbox reply's `email_status` follows.
 */
import { and, asc, eq, inArray, isNull, lte, min, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { TABLE_IDS, requireTable } from '../../../../shared/registry';
import { mailQueue } from '../../../../shared/schema/tables';
import type { Db } from '../../db/index';
import { nowIso, transact, updateFields } from '../../db/write';
import { DrainLoop, retryDelayMs, type Backoff } from '../../lib/drain-loop';
import { withdrawToken } from '../auth/tokens';
import { MailSendFailed, sendMail, type MailMessage, type MailResult } from './mailer';
import { ESCALATION_HOLD_MS, releaseHeldMail } from './queue';

/** 1, 2, 4, 8, 16, 32, 60 minutes between the 8 attempts: a message fails about 2 hours after it was queued. */
export const MAIL_BACKOFF: Backoff = { baseMs: 60_000, maxMs: 60 * 60_000, maxAttempts: 8 };

/** What replaces the body of a message that carried a sign-in link once it is sent or failed. */
export const SCRUBBED_BODY = '(removed once sent: it carried a sign-in link)';

const INBOX = requireTable(TABLE_IDS.inbox_messages);

export type MailSenderOptions = {
  secretKey: Buffer;
  /** Send to the server log when SMTP is not usable (config `mailDevTransport`; default true). Off, such mail waits, retried, for SMTP. */
  devTransport?: boolean;
  log: FastifyBaseLogger;
  now: () => Date;
  backoff?: Backoff;
  random?: () => number;
  batchSize?: number;
  /** How long a claimed batch is ours before another sender may take it over. */
  claimMs?: number;
};

export type MailDrainSummary = { sent: number; retried: number; failed: number; released: number };

type Claimed = {
  id: number;
  to: string;
  subject: string;
  text: string;
  html: string;
  replyTo: string | null;
  link: string | null;
  attempts: number;
  inboxMessageId: string | null;
};

type Outcome = { ok: true; result: MailResult } | { ok: false; error: string; permanent: boolean };

/** The token of an account link (`/resetpassword?token=…`), if it carries one. */
function tokenOf(link: string): string | null {
  try {
    return new URL(link).searchParams.get('token');
  } catch {
    return null;
  }
}

function emptySummary(): MailDrainSummary {
  return { sent: 0, retried: 0, failed: 0, released: 0 };
}

export class MailSender {
  private readonly backoff: Backoff;
  private readonly loop: DrainLoop<MailDrainSummary>;

  constructor(
    private readonly db: Db,
    private readonly options: MailSenderOptions,
  ) {
    this.backoff = options.backoff ?? MAIL_BACKOFF;
    this.loop = new DrainLoop({
      empty: emptySummary,
      batch: () => this.batch(),
      nextDue: () => this.nextDue(),
      now: options.now,
      onError: (error) => this.options.log.error({ err: error }, 'mail: drain failed'),
    });
  }

  /** Starts a drain in the background (after a commit, at start, when a retry falls due). */
  wake(): void {
    this.loop.wake();
  }

  /**
   * Sends everything due now and answers what happened. A call while a drain runs joins it and
   * makes it look once more, so messages queued meanwhile are not left waiting.
   */
  drain(): Promise<MailDrainSummary> {
    return this.loop.drain();
  }

  /** Stops the retry timer and waits for a drain in progress. */
  close(): Promise<void> {
    return this.loop.close();
  }

  /** One batch: held e-mails released, then the messages due now sent. */
  private async batch(): Promise<{ summary: MailDrainSummary; more: boolean }> {
    const { claimed, released } = this.claim();
    const summary = claimed.length > 0 ? await this.sendBatch(claimed) : emptySummary();
    summary.released += released;
    return { summary, more: claimed.length > 0 && claimed.length >= this.batchSize };
  }

  private get batchSize(): number {
    return this.options.batchSize ?? 20;
  }

  /** Releases held alert e-mails whose push did not get through, then takes the messages due now. */
  private claim(): { claimed: Claimed[]; released: number } {
    const now = this.options.now();
    const at = nowIso(now);
    const until = nowIso(new Date(now.getTime() + (this.options.claimMs ?? 120_000)));
    return transact(
      this.db,
      (tx) => {
        const released = releaseHeldMail(tx, now);
        const rows = tx
          .select({
            id: mailQueue.id,
            to: mailQueue.to_address,
            subject: mailQueue.subject,
            text: mailQueue.text_body,
            html: mailQueue.html_body,
            replyTo: mailQueue.reply_to,
            link: mailQueue.link,
            attempts: mailQueue.attempts,
            inboxMessageId: mailQueue.inbox_message_id,
          })
          .from(mailQueue)
          .where(
            and(eq(mailQueue.status, 'queued'), lte(mailQueue.next_attempt_at, at), or(isNull(mailQueue.claimed_until), lte(mailQueue.claimed_until, at))),
          )
          .orderBy(asc(mailQueue.next_attempt_at), asc(mailQueue.id))
          .limit(this.batchSize)
          .all();
        if (rows.length > 0) {
          tx.update(mailQueue)
            .set({ claimed_until: until })
            .where(
              inArray(
                mailQueue.id,
                rows.map((r) => r.id),
              ),
            )
            .run();
        }
        return { claimed: rows, released };
      },
      'immediate',
    );
  }

  /** One at a time: a mail server takes a handful of messages a second, and the queue is small. */
  private async sendBatch(batch: Claimed[]): Promise<MailDrainSummary> {
    const outcomes = new Map<number, Outcome>();
    for (const m of batch) outcomes.set(m.id, await this.sendOne(m));
    return this.record(batch, outcomes);
  }

  private async sendOne(m: Claimed): Promise<Outcome> {
    const message: MailMessage = { to: m.to, subject: m.subject, text: m.text, ...(m.html ? { html: m.html } : {}), ...(m.replyTo ? { replyTo: m.replyTo } : {}) };
    if (m.link) message.link = m.link;
    try {
      const result = await sendMail({ db: this.db, secretKey: this.options.secretKey, log: this.options.log, now: this.options.now }, message, { requireSmtp: this.options.devTransport === false });
      return { ok: true, result };
    } catch (error) {
      return {
        ok: false,
        error: error instanceof Error ? error.message : String(error),
        permanent: error instanceof MailSendFailed && error.permanent,
      };
    }
  }

  /** Writes the outcomes of a batch in one transaction. */
  private record(batch: Claimed[], outcomes: Map<number, Outcome>): MailDrainSummary {
    const summary = emptySummary();
    const now = this.options.now();
    const at = nowIso(now);
    const random = this.options.random ?? Math.random;
    transact(
      this.db,
      (tx) => {
        for (const m of batch) {
          const outcome = outcomes.get(m.id) ?? { ok: false, error: 'not sent', permanent: false };
          const attempts = m.attempts + 1;
          const scrub = m.link ? { text_body: SCRUBBED_BODY, html_body: '', link: null } : {};
          let inboxStatus: 'sent' | 'failed' | null = null;
          if (outcome.ok) {
            summary.sent += 1;
            inboxStatus = 'sent';
            tx.update(mailQueue)
              .set({ status: 'sent', attempts, sent_at: at, updated_at: at, claimed_until: null, last_error: null, transport: outcome.result.transport, ...scrub })
              .where(eq(mailQueue.id, m.id))
              .run();
          } else if (outcome.permanent || attempts >= this.backoff.maxAttempts) {
            summary.failed += 1;
            inboxStatus = 'failed';
            this.options.log.warn({ mailId: m.id, attempts, error: outcome.error }, 'mail: message failed for good');
            tx.update(mailQueue)
              .set({ status: 'failed', attempts, updated_at: at, claimed_until: null, last_error: outcome.error.slice(0, 1000), ...scrub })
              .where(eq(mailQueue.id, m.id))
              .run();
            // Nobody received its link: the token dies with the message.
            const token = m.link ? tokenOf(m.link) : null;
            if (token) withdrawToken(tx, token, now);
          } else {
            summary.retried += 1;
            const next = new Date(now.getTime() + retryDelayMs(attempts, this.backoff, random));
            tx.update(mailQueue)
              .set({ attempts, next_attempt_at: nowIso(next), updated_at: at, claimed_until: null, last_error: outcome.error.slice(0, 1000) })
              .where(eq(mailQueue.id, m.id))
              .run();
          }
          // The host's device learns by sync whether the guest was e-mailed.
          if (inboxStatus && m.inboxMessageId) updateFields(tx, INBOX, m.inboxMessageId, { email_status: inboxStatus }, now);
        }
      },
      'immediate',
    );
    return summary;
  }

  /** When the earliest waiting message falls due (a retry, a lapsed claim, a held e-mail's limit). */
  private nextDue(): number | null {
    const queued = this.db
      .select({ due: min(sql<string>`case when ${mailQueue.claimed_until} is null then ${mailQueue.next_attempt_at} else ${mailQueue.claimed_until} end`) })
      .from(mailQueue)
      .where(eq(mailQueue.status, 'queued'))
      .get();
    const held = this.db.select({ first: min(mailQueue.created_at) }).from(mailQueue).where(eq(mailQueue.status, 'held')).get();
    const dues = [queued?.due ? Date.parse(queued.due) : NaN, held?.first ? Date.parse(held.first) + ESCALATION_HOLD_MS : NaN].filter((n) => !Number.isNaN(n));
    return dues.length === 0 ? null : Math.min(...dues);
  }
}
