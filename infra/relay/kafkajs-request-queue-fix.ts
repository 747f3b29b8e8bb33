import { createRequire } from 'node:module';

// kafkajs 2.2.4 (its last release) schedules its pending-request check with `throttledUntil - Date.now()`
// even when nothing is pending and no broker throttles, i.e. about -1.8e12 ms: on Node 24 every new
// connection prints a TimeoutNegativeWarning, and the check re-arms itself every millisecond for
// nothing (kafkajs issues #1751 and #1704; the fix of pull request #1768 is not released). This applies
// that fix to the RequestQueue's prototype: with nothing pending and no throttle, schedule nothing; the
// queue checks again whenever a request is pushed or fulfilled. Applied once, before any client exists.
const require = createRequire(import.meta.url);
const RequestQueue = require('kafkajs/src/network/requestQueue/index.js') as {
  prototype: { scheduleCheckPendingRequests(this: QueueState): void; checkPendingRequests(this: QueueState): void };
};
const CHECK_PENDING_REQUESTS_INTERVAL = 10;

interface QueueState {
  throttledUntil: number;
  throttleCheckTimeoutId: NodeJS.Timeout | null;
  pending: unknown[];
  checkPendingRequests(): void;
}

const original = RequestQueue.prototype.scheduleCheckPendingRequests;
if (!(original as { fixed?: boolean }).fixed) {
  const scheduleCheckPendingRequests = function (this: QueueState): void {
    if (this.throttleCheckTimeoutId) return;
    const untilUnthrottled = this.throttledUntil - Date.now();
    if (this.pending.length === 0 && untilUnthrottled <= 0) return;
    const delay = untilUnthrottled > 0 ? untilUnthrottled : CHECK_PENDING_REQUESTS_INTERVAL;
    this.throttleCheckTimeoutId = setTimeout(() => {
      this.throttleCheckTimeoutId = null;
      this.checkPendingRequests();
    }, delay);
  };
  Object.assign(scheduleCheckPendingRequests, { fixed: true });
  RequestQueue.prototype.scheduleCheckPendingRequests = scheduleCheckPendingRequests;
}
