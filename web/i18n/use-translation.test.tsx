import { renderToString } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { createI18n } from './i18n-instance.ts';
import { useTranslation } from './use-translation.ts';

// A text asked for by its key alone is remembered per instance; messages added later (a route group's)
// and a change of language are seen at once.
function Texts({ keys }: { keys: string[] }) {
  const { t } = useTranslation();
  return <p>{keys.map((key) => t(key)).join('|')}</p>;
}

const render = (instance: ReturnType<typeof createI18n>, keys: string[]) =>
  renderToString(<I18nextProvider i18n={instance}><Texts keys={keys} /></I18nextProvider>).replace(/<\/?p>/g, '');

describe('useTranslation', () => {
  it('answers plain keys, keys with options and missing keys as i18next does', () => {
    const instance = createI18n('en', { greeting: 'Hello', named: 'Hello {{name}}', nested: { deep: 'Deep' } });
    expect(render(instance, ['greeting', 'nested.deep', 'missing.key', 'greeting'])).toBe('Hello|Deep|missing.key|Hello');
    function Named() {
      const { t } = useTranslation();
      return <>{t('named', { name: 'Dana' })}</>;
    }
    expect(renderToString(<I18nextProvider i18n={instance}><Named /></I18nextProvider>)).toBe('Hello Dana');
  });

  it('sees messages added after a key was first asked for', () => {
    const instance = createI18n('en', { greeting: 'Hello' });
    expect(render(instance, ['greeting', 'later'])).toBe('Hello|later');
    instance.addResourceBundle('en', 'translation', { greeting: 'Hi', later: 'Now here' }, true, true);
    expect(render(instance, ['greeting', 'later'])).toBe('Hi|Now here');
  });
});
