import { z } from 'zod';
import { phoneNumberDispenseDecider, phoneNumberDispenseStream } from '../../domain/phone-number-dispense/decider.ts';
import { DispensePhone } from '../../domain/phone-number-dispense/events.ts';
import { Id } from '../../domain/shared/ids.ts';
import { PhoneNumber } from '../../domain/shared/phone-number.ts';
import { vendorDecider, vendorStream } from '../../domain/vendor/decider.ts';
import { problems } from '../../infra/http/problem.ts';
import { written, type CommandDeps } from '../command-deps.ts';
import { defineRoute, type CommandRoute } from '../command-route.ts';
import { loadUserAccount } from '../user-account.ts';
import { WriteResult } from '../write-result.ts';

// Phone number dispenses (SPEC §1 entity, §3 data fullName and phoneNumber): a visitor, guest or
// signed in, leaves their full name and phone number and is given the artist's number. Decision: the
// artist's number is the phone of the account that owns the vendor; a vendor without an owner or an
// owner without a phone gives none (the request is still recorded, so the team can connect them).
// Super users delete a dispense (one made by mistake or as a prank); the log keeps its history.

/**
 * The visitor's phone as typed (050-123-4567, 02-123-4567, +44 20 7946 0958) or in SPEC §5's object
 * form, stored in E.164 (domain/shared/phone-number.ts); an empty phone is not a phone here. The
 * event's own rule is checked too, so what it would refuse is a 422, not a 500.
 */
const VisitorPhone = PhoneNumber.pipe(DispensePhone);

const DispenseAnswer = WriteResult.extend({
  /** The artist's phone number in the string form, or null when the artist lists none. */
  dispensedNumber: z.string().nullable(),
});

/** The phone of the vendor's owner; 404 for a vendor that does not exist or is archived. */
async function artistNumber(deps: CommandDeps, vendorId: string): Promise<string | null> {
  const { state: vendor } = await deps.aggregate(vendorDecider, vendorStream).load(vendorId);
  if (vendor.status !== 'active') throw problems.notFound('There is no such artist.');
  if (!vendor.ownerUserId) return null;
  const owner = await loadUserAccount(deps.eventStore, vendor.ownerUserId);
  return owner?.phone ?? null;
}

export function phoneNumberDispenseRoutes(deps: CommandDeps): CommandRoute[] {
  const dispenses = deps.aggregate(phoneNumberDispenseDecider, phoneNumberDispenseStream);
  return [
    defineRoute({
      method: 'post', path: '/api/artists/vendor/:vendorId/phone-number',
      summary: "The artist's phone number for a visitor's full name and phone number, recorded as a phone number dispense", tags: ['phone-number-dispenses'], auth: 'public',
      params: z.strictObject({ vendorId: Id }),
      body: z.strictObject({ fullName: z.string().trim().min(2).max(200), phoneNumber: VisitorPhone }),
      response: DispenseAnswer, successStatus: 201,
    }, async ({ params, body, context }) => {
      const dispensedNumber = await artistNumber(deps, params.vendorId);
      const id = context.newId();
      const outcome = await dispenses.execute(context, id, {
        type: 'DispensePhoneNumber', id, vendorId: params.vendorId, fullName: body.fullName,
        phoneNumber: body.phoneNumber, dispensedNumber,
      });
      const answer = written(id, outcome, 201);
      return { status: 201, body: { ...answer.body, dispensedNumber } };
    }),

    defineRoute({
      method: 'delete', path: '/api/admin/phone-number-dispenses/:id', summary: 'Delete a phone number dispense (superUsers)', tags: ['admin', 'phone-number-dispenses'],
      auth: 'superUsers', params: z.strictObject({ id: Id }), response: WriteResult,
    }, async ({ params, context }) => {
      const outcome = await dispenses.execute(context, params.id, {
        type: 'DeletePhoneNumberDispense', id: params.id,
      });
      return written(params.id, outcome);
    }),
  ];
}
