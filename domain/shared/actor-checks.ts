import type { Actor } from './actor.ts';

// What an actor may be, without zod (actor.ts holds the schema): the browser's order buttons ask
// these through domain/order/lifecycle.ts, so the storefront's bundle does not carry zod.
export const isAdmin = (actor: Actor): boolean => actor.roles.includes('admin') || actor.roles.includes('superAdmin') || actor.roles.includes('system');
export const isOperator = (actor: Actor): boolean => actor.roles.includes('operator');
export const isSuperUser = (actor: Actor): boolean => actor.groups.includes('superUsers') || actor.roles.includes('system');
export const ownsVendor = (actor: Actor, vendorId: string): boolean => actor.vendorId !== null && actor.vendorId === vendorId;
