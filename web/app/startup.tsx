import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigation } from 'react-router';
import { useTranslation } from '../i18n/use-translation.ts';
import { environmentOf } from './environment.ts';
import { trackLanding } from './tracking.ts';
import { connectRealtime } from './realtime-client.ts';

// SPEC §4 start-up: the app takes over from the server-rendered page and marks itself activated
// about 500 ms after mount; a global spinner shows when the user check is pending for 300 ms, and a
// navigation spinner after 150 ms.
export const ACTIVATION_DELAY_MS = 500;
export const USER_CHECK_SPINNER_DELAY_MS = 300;
export const NAVIGATION_SPINNER_DELAY_MS = 150;

function useDelayedFlag(active: boolean, delayMs: number): boolean {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (!active) { setShown(false); return; }
    const timer = setTimeout(() => setShown(true), delayMs);
    return () => clearTimeout(timer);
  }, [active, delayMs]);
  return shown;
}

export function StartUp() {
  const { t } = useTranslation();
  const location = useLocation();
  const navigation = useNavigation();
  const [userCheckPending, setUserCheckPending] = useState(false);
  const tracked = useRef<string | null>(null);

  useEffect(() => {
    // Hydrated: the page is the app's now (tests and tools wait for this; "activated" follows after the delay).
    document.documentElement.dataset.hydrated = 'true';
    const timer = setTimeout(() => { document.documentElement.dataset.activated = 'true'; }, ACTIVATION_DELAY_MS);
    const environment = environmentOf(undefined);
    let realtime: { close(): void } | null = null;
    // The session's tokens are HttpOnly: the marker cookie says one exists, the socket carries the cookie.
    if (environment.hasSession()) {
      setUserCheckPending(true);
      environment.currentUser().then((user) => {
        if (user) realtime = connectRealtime((socketId) => { document.documentElement.dataset.socketId = socketId; });
      }).finally(() => setUserCheckPending(false));
    }
    return () => { clearTimeout(timer); realtime?.close(); };
  }, []);

  useEffect(() => {
    if (tracked.current === location.search) return;
    tracked.current = location.search;
    void trackLanding(location.search, environmentOf(undefined).api, sessionStorage);
  }, [location.search]);

  const userSpinner = useDelayedFlag(userCheckPending, USER_CHECK_SPINNER_DELAY_MS);
  const navigationSpinner = useDelayedFlag(navigation.state !== 'idle', NAVIGATION_SPINNER_DELAY_MS);
  return (
    <>
      {navigationSpinner ? <div className="navigation-progress" role="progressbar" aria-label={t('core.loading')} data-testid="navigation-spinner" /> : null}
      {userSpinner ? (
        <div className="global-spinner" role="progressbar" aria-label={t('core.checkingUser')} data-testid="user-spinner"><span className="spinner" /></div>
      ) : null}
    </>
  );
}
