import type { Decider } from './decider.ts';
import { Refusal } from './refusal.ts';

// Given events / when command / then events or a named refusal — the shape of every decider test.
//   spec(orderDecider).given([placed]).when(pay).then([paid])
//   spec(orderDecider).given([placed, canceled]).when(pay).thenRefused('order.not-new')
export function spec<S, C, E>(decider: Decider<S, C, E>) {
  return {
    given(events: E[]) {
      const state = events.reduce(decider.evolve, decider.initialState);
      return {
        state,
        when(command: C) {
          const run = () => decider.decide(command, state);
          return {
            then(expected: E[]) {
              const actual = run();
              assertEqual(actual, expected);
              return actual;
            },
            thenRefused(code: string): Refusal {
              try {
                const events = run();
                throw new Error(`Expected refusal ${code}, got events ${JSON.stringify(events)}`);
              } catch (error) {
                if (!(error instanceof Refusal)) throw error;
                if (error.code !== code) throw new Error(`Expected refusal ${code}, got ${error.code}: ${error.reason}`);
                return error;
              }
            },
          };
        },
      };
    },
  };
}

function assertEqual(actual: unknown, expected: unknown): void {
  const a = JSON.stringify(actual, null, 2);
  const e = JSON.stringify(expected, null, 2);
  if (a !== e) throw new Error(`Events differ.\nExpected: ${e}\nActual:   ${a}`);
}
