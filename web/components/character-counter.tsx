import { useTranslation } from '../i18n/use-translation.ts';

// "120 / 250" under a text with a maximum length; over the limit it turns red and says so, as a hint:
// the API decides (422) so a pasted long text is explained rather than silently cut.
export function CharacterCounter(props: { id: string; length: number; max: number }) {
  const { t } = useTranslation();
  const over = props.length > props.max;
  return (
    <small className={`character-counter${over ? ' is-over' : ''}`} id={props.id} aria-live="polite" data-testid="character-counter">
      {over ? t('formControls.tooLong', { length: props.length, max: props.max, over: props.length - props.max }) : t('formControls.counter', { length: props.length, max: props.max })}
    </small>
  );
}
