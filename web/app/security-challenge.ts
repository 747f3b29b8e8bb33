// SPEC §7: "An optional captcha puts securityChallenge in the payload. A captcha token is obtained per
// form action; if unavailable, an error result with no token is returned", and §8's two captcha
// errors, handled here with no message to the user. The captcha is the ALTCHA proof of work
// (web/components/security-challenge.tsx shows it; the API checks it: command-api/security-challenge.ts).
export type SecurityChallengeAction = 'register' | 'forgot-password' | 'sign-in';
export const SECURITY_CHALLENGE_FIELD = 'securityChallenge';

/** No widget on the page (the server pass, a form that shows none, JavaScript off) / the widget failed. */
export const NO_CAPTCHA_API = 'No recaptcha API';
export const CAPTCHA_EXECUTE_EXCEPTION = 'captcha execute exception';

export type SecurityChallengeResult =
  | { token: string; error?: undefined }
  | { token: null; error: typeof NO_CAPTCHA_API | typeof CAPTCHA_EXECUTE_EXCEPTION };

interface AltchaElement extends HTMLElement {
  verify(): Promise<{ payload?: string } | null>;
}

/**
 * The solved challenge of the form `action` shows: the one the widget already solved (it starts when
 * the form appears), else solved now. Never throws.
 */
export async function obtainSecurityChallenge(action: SecurityChallengeAction): Promise<SecurityChallengeResult> {
  if (typeof document === 'undefined') return { token: null, error: NO_CAPTCHA_API };
  const widget = document.querySelector<AltchaElement>(`[data-security-challenge="${action}"] altcha-widget`);
  if (!widget || typeof widget.verify !== 'function') return { token: null, error: NO_CAPTCHA_API };
  const solved = widget.querySelector<HTMLInputElement>(`input[name="${SECURITY_CHALLENGE_FIELD}"]`)?.value;
  if (solved) return { token: solved };
  try {
    const result = await widget.verify();
    if (result?.payload) return { token: result.payload };
  } catch {
    // fall through: reported as the SPEC's execute error
  }
  return { token: null, error: CAPTCHA_EXECUTE_EXCEPTION };
}

/**
 * Sends a form's write with its security challenge: the one the widget already solved, if any; when
 * the API then asks for one (428) and none was sent, one is obtained now (waiting for the widget) and
 * the write sent once more. Without a widget (no JavaScript, a form that shows none yet) the API's 428
 * goes back to the page, which then shows the check.
 */
export async function withSecurityChallenge<T>(form: FormData, action: SecurityChallengeAction, send: (securityChallenge: string | undefined) => Promise<T>): Promise<T> {
  const posted = String(form.get(SECURITY_CHALLENGE_FIELD) ?? '') || undefined;
  try {
    return await send(posted);
  } catch (error) {
    if (posted || !asksForSecurityChallenge((error as { problem?: { code?: string } } | null)?.problem)) throw error;
    const obtained = await obtainSecurityChallenge(action);
    if (!obtained.token) throw error;
    return send(obtained.token);
  }
}

/** Whether an API refusal asks for a (new) security challenge. */
export const asksForSecurityChallenge = (problem: { code?: string } | null | undefined): boolean =>
  typeof problem?.code === 'string' && problem.code.startsWith('security-challenge.');
