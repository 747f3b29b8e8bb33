import { isSuperUser } from '../shared/actor.ts';
import type { Decider } from '../shared/decider.ts';
import { refuse } from '../shared/refusal.ts';
import type { PhoneNumberDispenseCommand } from './commands.ts';
import type { PhoneNumberDispenseEvent } from './events.ts';
import { streamOf } from '../shared/ids.ts';

// One phone number dispense: recorded once, deleted at most once (a visitor asking again makes a new
// dispense, so each request keeps its own time and number).
export type PhoneNumberDispenseState = { status: 'absent' } | { status: 'dispensed'; vendorId: string } | { status: 'deleted' };

/** The stream of one phone number dispense (`phoneNumberDispense-<id>`). */
export const phoneNumberDispenseStream = streamOf('phoneNumberDispense');

export const phoneNumberDispenseDecider: Decider<PhoneNumberDispenseState, PhoneNumberDispenseCommand, PhoneNumberDispenseEvent> = {
  initialState: { status: 'absent' },
  evolve(_state, event) {
    switch (event.type) {
      case 'PhoneNumberDispensed': return { status: 'dispensed', vendorId: event.data.vendorId };
      case 'PhoneNumberDispenseDeleted': return { status: 'deleted' };
    }
  },
  decide(command, state) {
    switch (command.type) {
      case 'DispensePhoneNumber': {
        if (state.status !== 'absent') refuse('conflict', 'phone-number-dispense.exists', 'This phone number dispense is already recorded.');
        const { id, vendorId, fullName, phoneNumber, dispensedNumber, at } = command;
        return [{ type: 'PhoneNumberDispensed', data: { id, vendorId, fullName, phoneNumber, userId: command.actor.userId, dispensedNumber, at } }];
      }
      case 'DeletePhoneNumberDispense':
        if (!isSuperUser(command.actor)) refuse('forbidden', 'phone-number-dispense.forbidden', 'Only the superUsers group may delete a phone number dispense.');
        if (state.status !== 'dispensed') refuse('not_found', 'phone-number-dispense.not-found', 'This phone number dispense does not exist.');
        return [{ type: 'PhoneNumberDispenseDeleted', data: { id: command.id, at: command.at } }];
    }
  },
};
