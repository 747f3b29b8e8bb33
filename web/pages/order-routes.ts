import type { RouteObject } from 'react-router';
import { CheckoutCompletePage, CheckoutPage, OrderCompletePage, PaymentPage, checkoutAction, checkoutLoader, paymentAction, orderCompleteLoader, paymentLoader } from './checkout.tsx';
import { orderCardAction } from '../components/order-card.tsx';

// Checkout and an order's own pages (payment, deposit and balance, held slot, receipts, cancel with its
// refund): reached from a product or a notice, never the first page of a visit that only looks. Loaded by
// the browser when a path needs them (web/app/route-groups.ts), so the storefront's first load does not
// carry the order money screens.
export const orderRoutes: RouteObject[] = [
  { path: 'checkout', loader: checkoutLoader, action: checkoutAction, Component: CheckoutPage },
  { path: 'checkout/complete/:orderId', loader: orderCompleteLoader, Component: CheckoutCompletePage },
  { path: 'order/:orderId/payment', loader: paymentLoader, action: paymentAction, Component: PaymentPage },
  { path: 'order/:orderId/complete', loader: orderCompleteLoader, action: orderCardAction, Component: OrderCompletePage },
];
