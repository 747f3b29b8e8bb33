import { useRevalidator } from 'react-router';
import { serviceContract } from '../api/queries.ts';
import { environmentOf } from './environment.ts';
import { useRealtime } from './realtime-events.ts';

// Contract screens stay current without a reload: a pushed contract notification (drafted, sent,
// signed, fully signed, canceled — by the other side, or by this person in another tab) refreshes the
// page's data. The push names the contract stream's revision of its event (notifications/recipients.ts),
// so the refresh first waits until the views hold it (`minRevision`), then reloads without the GET cache.
export function useLiveContracts(concerns: (contractId: string) => boolean = () => true): void {
  const revalidator = useRevalidator();
  useRealtime((notification) => {
    const { contractId, revision } = notification.subject;
    if (!notification.kind.startsWith('contract.') || !contractId || !concerns(contractId)) return;
    const api = environmentOf(undefined).api;
    const minRevision = Number(revision);
    const caughtUp = Number.isInteger(minRevision) && minRevision >= 0 ? serviceContract(api, contractId, minRevision, { silent: true }).catch(() => null) : Promise.resolve(null);
    void caughtUp.then(() => {
      api.clearCache();
      return revalidator.revalidate();
    });
  });
}
