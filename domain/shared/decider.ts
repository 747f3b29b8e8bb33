// A decider is the whole behaviour of one aggregate, as pure functions:
//   decide(command, state) -> the events that happen, or throws a Refusal
//   evolve(state, event)   -> the state after the event
// The command handler (command-api) folds a stream with evolve, calls decide, and appends the result
// with the stream's revision as the expected revision.
export interface Decider<State, Command, Event> {
  initialState: State;
  evolve(state: State, event: Event): State;
  decide(command: Command, state: State): Event[];
}

/** A domain event as a decider sees it: a past-tense type and its data. */
export interface DomainEvent<Type extends string = string, Data = unknown> {
  type: Type;
  data: Data;
}

export function fold<State, Event>(decider: Pick<Decider<State, unknown, Event>, 'initialState' | 'evolve'>, events: Iterable<Event>): State {
  let state = decider.initialState;
  for (const event of events) state = decider.evolve(state, event);
  return state;
}
