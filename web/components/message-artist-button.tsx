import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from '../i18n/use-translation.ts';
import { environmentOf } from '../app/environment.ts';
import { LocalLink, useLocalizedPath } from '../app/links.tsx';
import { useRootData } from '../app/root-data.ts';
import { withoutTrackedParameters } from '../app/tracking.ts';
import { FormError } from './form-errors.tsx';

// "Message the artist" on a vendor page: a guest signs in first and comes back here; a signed-in
// user opens (or finds again: one conversation per customer and artist) the conversation and lands
// in its thread. The artist does not message their own page.
interface WriteResult { id: string; revision: number }

export function MessageArtistButton(props: { vendorId: string }) {
  const { t } = useTranslation();
  const { user } = useRootData();
  const location = useLocation();
  const localize = useLocalizedPath();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  if (user?.Vendor?.id === props.vendorId) return null;
  if (!user) {
    const here = location.pathname + withoutTrackedParameters(location.search);
    return (
      <LocalLink to={`/user/login?loginRedirect=${encodeURIComponent(here)}`} className="button message-artist" title={t('conversations.loginToMessage')} data-testid="message-artist">
        {t('conversations.messageArtist')}
      </LocalLink>
    );
  }
  async function open() {
    setBusy(true);
    setError(null);
    try {
      const opened = await environmentOf(undefined).api.post<WriteResult>('conversations', { vendorId: props.vendorId }, { silent: true });
      navigate(localize(`/user/dashboard/conversations/${encodeURIComponent(opened.id)}?rev=${opened.revision}`));
    } catch (caught) {
      setError(caught);
      setBusy(false);
    }
  }
  return (
    <div className="message-artist-box">
      <button type="button" className="button message-artist" disabled={busy} aria-busy={busy} onClick={() => void open()} data-testid="message-artist">
        {busy ? t('conversations.opening') : t('conversations.messageArtist')}
      </button>
      <FormError error={error} />
    </div>
  );
}
