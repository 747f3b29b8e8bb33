import { useEffect, useState } from 'react';
import { useTranslation } from '../i18n/use-translation.ts';
import { IsolatedText } from '../components/isolated-text.tsx';

// Notifications on screen (SPEC §8, §9: shown for 5000 ms by default). The API client and the
// realtime socket publish here from outside React.
export interface Toast { id: number; kind: 'error' | 'success' | 'info'; messageKey: string; params?: Record<string, string>; text?: string }
export const TOAST_DURATION_MS = 5_000;

type Listener = (toast: Toast) => void;
const listeners = new Set<Listener>();
let nextId = 1;

export function publishToast(toast: Omit<Toast, 'id'>): void {
  const full = { ...toast, id: nextId++ };
  for (const listener of listeners) listener(full);
}

export function Toasts() {
  const { t } = useTranslation();
  const [toasts, setToasts] = useState<Toast[]>([]);
  useEffect(() => {
    const listener: Listener = (toast) => {
      setToasts((current) => [...current.slice(-4), toast]);
      setTimeout(() => setToasts((current) => current.filter((item) => item.id !== toast.id)), TOAST_DURATION_MS);
    };
    listeners.add(listener);
    return () => { listeners.delete(listener); };
  }, []);
  return (
    <div className="toasts" role="status" aria-live="polite">
      {toasts.map((toast) => (
        <div key={toast.id} className={`toast toast-${toast.kind}`} data-testid={`toast-${toast.kind}`}>
          <span>{toast.text ?? (toast.params ? <IsolatedText i18nKey={toast.messageKey} values={toast.params} /> : t(toast.messageKey))}</span>
          <button type="button" className="toast-close" aria-label={t('core.close')} onClick={() => setToasts((current) => current.filter((item) => item.id !== toast.id))}>×</button>
        </div>
      ))}
    </div>
  );
}
