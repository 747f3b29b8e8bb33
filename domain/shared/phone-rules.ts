// The phone rules of SPEC §5 as plain predicates, without zod: validation.ts builds its schemas on
// them, and phone-parsing.ts keeps every value they accept (the phone as people type it, which every
// writer takes, is phone-number.ts).

// String form: starts with +, not +0, exactly 13 characters, the rest digits (e.g. +972501234567).
export const PHONE_LENGTH = 13;
const PHONE_TEXT = /^\+[1-9]\d{11}$/;
/** Empty or null is valid (no phone). */
export const isPhoneString = (value: string | null | undefined): boolean =>
  value === null || value === undefined || value === '' || PHONE_TEXT.test(value);

// Object form: the prefix is + and 1 to 3 digits; the number exactly 9 digits (e.g. +972 and 501234567).
export const PHONE_PREFIX = /^\+\d{1,3}$/;
export const PHONE_NUMBER = /^\d{9}$/;
export const isPhoneObject = (value: { prefix: string; number: string }): boolean =>
  PHONE_PREFIX.test(value.prefix) && PHONE_NUMBER.test(value.number);
