import type { ReactNode } from 'react';
import type { Receipt } from '../api/receipts.ts';
import { localizedPath } from '../app/locale-path.ts';
import { LocalLink, useLocale } from '../app/links.tsx';

// A link to a receipt's page (issue 26 item 5). The page is in the receipt's language, the customer's:
// from a page in the other language it is a whole page load of that language's address.
export const RECEIPTS_PATH = '/user/dashboard/receipts';
export const receiptPagePath = (receiptId: string): string => `${RECEIPTS_PATH}/${encodeURIComponent(receiptId)}`;

export function ReceiptLink(props: { receipt: Pick<Receipt, 'receiptId' | 'language'>; children: ReactNode; className?: string; testId?: string }) {
  const locale = useLocale();
  const { receipt } = props;
  const path = receiptPagePath(receipt.receiptId);
  if (receipt.language === locale) return <LocalLink to={path} className={props.className} data-testid={props.testId}>{props.children}</LocalLink>;
  return <a href={localizedPath(receipt.language, path)} hrefLang={receipt.language} className={props.className} data-testid={props.testId}>{props.children}</a>;
}
