import type { Money } from '../api/view-models.ts';
import { formatPrice } from '../app/format.ts';
import { useLocale } from '../app/links.tsx';

export function Price(props: { money: Money; className?: string }) {
  const locale = useLocale();
  return <span className={props.className ?? 'price'} dir="ltr">{formatPrice(props.money, locale)}</span>;
}
