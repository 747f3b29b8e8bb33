import { useState } from 'react';
import { useLocation } from 'react-router';
import { useTranslation } from '../i18n/use-translation.ts';
import { environmentOf } from '../app/environment.ts';
import { LocalLink } from '../app/links.tsx';
import { withoutTrackedParameters } from '../app/tracking.ts';
import { ActionName } from './action-name.tsx';
import { FavoriteForm } from '../app/favorites.tsx';

// "Save" on a product page: adds the product to the signed-in user's saved services (favorite
// products, stream favorites-<userId>), shown under My artists. Guests are offered sign-in first,
// coming back to this page. The button is a form posting to favorites/toggle, so it also works
// without JavaScript; with it, the write happens here.
export function SaveProductButton(props: { productId: string; productName: string; saved: boolean | null }) {
  const { t } = useTranslation();
  const location = useLocation();
  const [saved, setSaved] = useState(props.saved === true);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  if (props.saved === null) {
    const here = location.pathname + withoutTrackedParameters(location.search);
    return (
      <LocalLink to={`/user/login?loginRedirect=${encodeURIComponent(here)}`} className="favorite-button favorite-large" data-testid="save-product-login">
        <span aria-hidden="true">♡</span><span className="favorite-text">{t('favorites.signInToSave')}</span>
      </LocalLink>
    );
  }
  async function toggle() {
    const path = `store/product/${encodeURIComponent(props.productId)}/favored/by-user`;
    const { api } = environmentOf(undefined);
    setBusy(true);
    setFailed(false);
    try {
      if (saved) await api.delete(path, undefined, { silent: true });
      else await api.post(path, undefined, { silent: true });
      setSaved(!saved);
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  }
  const label = saved ? t('favorites.unsaveProduct', { name: props.productName }) : t('favorites.saveProduct', { name: props.productName });
  return (
    <span className="save-product">
      <FavoriteForm kind="product" id={props.productId} favorite={saved} onToggle={toggle}>
      <button
        type="submit" className={`favorite-button favorite-large${saved ? ' is-favorite' : ''}`} aria-pressed={saved} title={label}
        disabled={busy} aria-busy={busy} data-testid="save-product"
      >
        <span aria-hidden="true">{saved ? '♥' : '♡'}</span>
        <span className="favorite-text"><ActionName text={saved ? t('favorites.saved') : t('favorites.save')} subject={props.productName} /></span>
      </button>
      </FavoriteForm>
      {failed ? <span className="field-error" role="alert">{t('favorites.productSaveFailed')}</span> : null}
    </span>
  );
}
