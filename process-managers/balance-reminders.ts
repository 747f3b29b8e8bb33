import type { EventStore } from '../domain/ports/event-store.ts';
import { addJobs, type JobOptions, type JobQueue } from '../domain/ports/job-queue.ts';
import type { ViewStore } from '../domain/ports/view-store.ts';
import { orderDecider, orderStream } from '../domain/order/decider.ts';
import { balanceDue } from '../domain/order/order-money.ts';
import { loadFolded } from '../command-api/command-handler.ts';
import { derivedUuid } from '../command-api/derived-ids.ts';
import { NOTIFICATION_JOB, notificationJobId, type NotificationJob } from '../notifications/notification-job.ts';
import { recipientFacts } from '../notifications/recipient-facts.ts';
import { israelDay } from '../projectors/analytics-orders/israel-day.ts';
import { BALANCE_REMINDER_KINDS, type OrderMoneyView } from '../projectors/order-money/projection.ts';
import { silentLog, type ProjectorLog } from '../projectors/projector-log.ts';
import { dayText, namesOf, shekelsOfMinor, text } from '../notifications/notice-params.ts';

// Balance reminders (issue 26 item 1; docs/payments.md "Balance reminders"): a sweep in the worker reads
// the orderMoney view for orders with a deposit paid and the balance unpaid, and
// - BALANCE_REMINDER_DAYS (3) days before the balance is due, tells the customer (order.balanceDueSoon);
// - once the due date passed with the balance unpaid, tells the customer and the artist
//   (order.balanceOverdue) — the artist may then cancel under the policy.
// Each reminder goes once per order. It travels the notification path every notice does: a job per
// recipient on the queue, which the notification worker turns into NotificationCreated on the user's
// stream. No event of the log causes a reminder, so its source id is derived from the order and the
// reminder; the job id (source, recipient) deduplicates on the queue, and the worker appends nothing for
// a source the user's stream already holds, so two sweepers, a sweep redone or a restart before the view
// caught up queue it again harmlessly. The view learns from the log that a reminder was written
// (`reminded`), so later sweeps no longer pick the order. It sweeps at start and every `intervalMs`:
// nothing is kept in memory, and a reminder whose time came while the process was down goes at the next
// start. An order whose due date passed before its "soon" reminder went gets only the overdue one.
export const BALANCE_REMINDERS = 'balance-reminders';
/** Days before the balance's due date the customer is reminded. */
export const BALANCE_REMINDER_DAYS = 3;
const DAY_MS = 86_400_000;
const PAGE = 200;
/** Orders whose balance may still be paid and chased: paid (a deposit) and not canceled or completed. */
const CHASED_STATUSES = ['payed', 'approved'];

export type BalanceReminder = keyof typeof BALANCE_REMINDER_KINDS;

export interface BalanceReminders {
  /** One sweep now; resolves with how many notification jobs it queued. */
  sweep(): Promise<number>;
  stop(): Promise<void>;
}

/** The source id a reminder's notifications name (stable per order and reminder). */
export const balanceReminderSourceId = (orderId: string, reminder: BalanceReminder): string => derivedUuid(BALANCE_REMINDERS, `${orderId}\n${reminder}`);

type Data = Record<string, unknown>;

export function startBalanceReminders(options: {
  eventStore: EventStore; viewStore: ViewStore; jobQueue: JobQueue; intervalMs?: number; now?: () => Date; log?: ProjectorLog;
  job?: Pick<JobOptions, 'attempts' | 'backoffMs'>;
}): BalanceReminders {
  const { eventStore, viewStore, jobQueue } = options;
  const log = options.log ?? silentLog;
  const now = options.now ?? (() => new Date());
  const facts = recipientFacts(eventStore);
  const jobOptions = { attempts: options.job?.attempts ?? 5, backoffMs: options.job?.backoffMs ?? 500 };
  let running: Promise<number> | null = null;

  /** The reminder's jobs for one order: the customer's, and for an overdue balance the artist's owner's too. */
  async function jobsOf(doc: OrderMoneyView, reminder: BalanceReminder, at: string) {
    const placed = await facts.firstEventData(orderStream(doc.orderId));
    if (!placed) return [];
    const [vendor, customerName] = await Promise.all([facts.vendor(doc.vendorId), facts.fullName(doc.customerId)]);
    const productName = (placed.product as Data | undefined)?.name;
    const params = {
      orderId: doc.orderId, productName: text((productName as Data | undefined)?.he) || text((productName as Data | undefined)?.en),
      ...namesOf('productName', productName), ...namesOf('vendorName', vendor.name), customerName,
      amount: shekelsOfMinor(doc.balanceDueMinor), dueDate: doc.balanceDueDate ? dayText(israelDay(doc.balanceDueDate)) : '',
    };
    const sourceEventId = balanceReminderSourceId(doc.orderId, reminder);
    const subject = { orderId: doc.orderId, vendorId: doc.vendorId };
    const recipients: Array<[string, 'customer' | 'vendor']> = [[doc.customerId, 'customer']];
    if (reminder === 'overdue' && vendor.owner && vendor.owner !== doc.customerId) recipients.push([vendor.owner, 'vendor']);
    return recipients.filter(([userId]) => Boolean(userId)).map(([userId, audience]) => {
      const job: NotificationJob = {
        userId, kind: BALANCE_REMINDER_KINDS[reminder], subject: { ...subject, audience }, params, sourceEventId, correlationId: sourceEventId, at,
      };
      return { name: NOTIFICATION_JOB, data: job, options: { ...jobOptions, jobId: notificationJobId(sourceEventId, userId) } };
    });
  }

  async function due(reminder: BalanceReminder, at: string): Promise<OrderMoneyView[]> {
    const dueDate = reminder === 'overdue'
      ? { $lte: at }
      : { $gt: at, $lte: new Date(Date.parse(at) + BALANCE_REMINDER_DAYS * DAY_MS).toISOString() };
    return viewStore.collection<OrderMoneyView>('orderMoney').find(
      { status: { $in: CHASED_STATUSES }, balanceDueMinor: { $gt: 0 }, balanceDueDate: dueDate, [`reminded.${reminder}`]: false },
      { limit: PAGE, sort: { balanceDueDate: 1 } },
    );
  }

  /**
   * Whether the log agrees that the order's balance is still chased. The view may be behind the log (a
   * start still building or catching up its views, a balance paid a moment ago), and a reminder, unlike
   * a command, is not decided on the log: without this, a paid balance could be called overdue.
   */
  async function stillOwed(orderId: string): Promise<boolean> {
    const order = (await loadFolded(eventStore, orderDecider, orderStream(orderId))).state;
    return order !== null && CHASED_STATUSES.includes(order.status) && balanceDue(order).amountMinor > 0;
  }

  async function sweepOnce(): Promise<number> {
    const at = now().toISOString();
    let queued = 0;
    for (const reminder of ['overdue', 'dueSoon'] as const) {
      for (const doc of await due(reminder, at)) {
        try {
          if (!(await stillOwed(doc.orderId))) continue;
          const jobs = await jobsOf(doc, reminder, at);
          await addJobs(jobQueue, jobs);
          queued += jobs.length;
        } catch (error) {
          // Tried again at the next sweep (an engine away): the ids make a second try harmless.
          log.warn({ err: error, orderId: doc.orderId, reminder }, 'balance reminders: queuing a reminder failed; retrying at the next sweep');
        }
      }
    }
    return queued;
  }

  const sweep = (): Promise<number> => {
    running ??= sweepOnce().finally(() => { running = null; });
    return running;
  };
  const timer = setInterval(() => void sweep().catch((error) => log.warn({ err: error }, 'balance reminders: the sweep failed')), options.intervalMs ?? 10 * 60_000);
  timer.unref();
  void sweep().catch((error) => log.warn({ err: error }, 'balance reminders: the sweep failed'));
  return {
    sweep,
    async stop() {
      clearInterval(timer);
      await running?.catch(() => 0);
    },
  };
}
