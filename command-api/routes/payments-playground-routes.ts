import { z } from 'zod';
import { defineRoute, type CommandRoute } from '../command-route.ts';
import type { CommandDeps } from '../command-deps.ts';

// SPEC §2 "a payments playground": the back office tries a card against the payment gateway without an
// order — the charge, and for an accepted one its refund at once, so nothing stays charged — to see what
// customers meet (the sandbox's test cards; what a declined card answers). Its right is the `payments`
// asset, which no default rule grants: only superAdmin until a rule does, since with a real gateway
// behind the port this would charge (and refund) a real card.
const PlaygroundAnswer = z.object({
  charge: z.discriminatedUnion('status', [
    z.object({ status: z.literal('accepted'), paymentId: z.string(), cardLast4: z.string() }),
    z.object({ status: z.literal('declined'), reason: z.string(), cardLast4: z.string() }),
  ]),
  refund: z.object({ refundId: z.string() }).nullable(),
});

export function paymentsPlaygroundRoutes(deps: CommandDeps): CommandRoute[] {
  return [
    defineRoute({
      method: 'post', path: '/api/admin/payments/playground',
      summary: 'Try a card against the payment gateway without an order: the charge, and the refund of an accepted one at once (back office)',
      tags: ['admin', 'payments'], auth: 'admin',
      body: z.strictObject({
        cardNumber: z.string().trim().min(1).max(30),
        amountMinor: z.number().int().min(100, 'At least ₪1').max(1_000_000, 'At most ₪10,000'),
      }),
      response: PlaygroundAnswer,
    }, async ({ body, context }) => {
      const tryId = `playground-${context.newId()}`;
      const amount = { amountMinor: body.amountMinor, currency: 'ILS' as const };
      const charge = await deps.paymentGateway.charge({ orderId: tryId, amount, cardNumber: body.cardNumber, idempotencyKey: tryId });
      const refund = charge.status === 'accepted' ? await deps.paymentGateway.refund({ paymentId: charge.paymentId, amount }) : null;
      return { status: 200, body: { charge, refund } };
    }),
  ];
}
