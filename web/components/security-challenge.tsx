import { useEffect, useRef } from 'react';
import { useTranslation } from '../i18n/use-translation.ts';
import { useLocale } from '../app/links.tsx';
import { SECURITY_CHALLENGE_FIELD, type SecurityChallengeAction } from '../app/security-challenge.ts';

// The security check of a form (the SPEC's securityChallenge): the ALTCHA widget, which solves a
// proof of work (about half a second) and puts its answer in the form as `securityChallenge`. The API
// asks for it only when a throttle would otherwise refuse (many requests from one address, many wrong
// passwords for one account). So a form that may need it shows it and solves it when sent
// (`auto="onsubmit"`: a widget that fails never blocks the form); once the API asked (`asked`), it
// solves at once and the form waits for it. It needs JavaScript: without it the form says so when
// the API asked. The widget is put into its box by the browser after hydration, so the server's
// HTML and the first render match.
export function SecurityChallenge(props: { action: SecurityChallengeAction; asked?: boolean }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const box = useRef<HTMLDivElement>(null);
  const asked = Boolean(props.asked);
  useEffect(() => {
    let cancelled = false;
    void import('./altcha-widget.browser.ts').then(() => {
      const host = box.current;
      if (cancelled || !host || host.querySelector('altcha-widget')) return;
      const widget = document.createElement('altcha-widget');
      widget.setAttribute('challenge', `/api/security-challenge?action=${props.action}`);
      widget.setAttribute('name', SECURITY_CHALLENGE_FIELD);
      widget.setAttribute('auto', asked ? 'onload' : 'onsubmit');
      widget.setAttribute('language', locale);
      widget.setAttribute('configuration', JSON.stringify({ hideFooter: true, hideLogo: true }));
      host.append(widget);
    }).catch(() => {
      // The chunk did not load: the form is sent without a challenge and the API's refusal says what to do.
    });
    return () => { cancelled = true; };
    // The widget is made once per form; `asked` changing is handled below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [props.action, locale]);
  useEffect(() => {
    const widget = box.current?.querySelector('altcha-widget') as (HTMLElement & { verify?: () => Promise<unknown>; getState?: () => string }) | null | undefined;
    if (!asked || !widget) return;
    widget.setAttribute('auto', 'onload');
    if (widget.getState?.() === 'unverified') void widget.verify?.();
  }, [asked]);
  return (
    <div className="security-challenge" data-security-challenge={props.action} data-testid={`security-challenge-${props.action}`}>
      {props.asked ? <p className="notice" role="status" data-testid="security-challenge-asked">{t('securityChallenge.asked')}</p> : null}
      <div ref={box} className="security-challenge-widget" />
      {props.asked ? <noscript><p className="form-error" data-testid="security-challenge-needs-javascript">{t('securityChallenge.needsJavaScript')}</p></noscript> : null}
    </div>
  );
}
