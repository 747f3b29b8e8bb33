import { describe, expect, it } from 'vitest';
import type { Actor } from '../shared/actor.ts';
import { spec } from '../shared/decider-spec.ts';
import type { ProductCommand } from './commands.ts';
import { productDecider } from './decider.ts';
import { ProductEvent, type ProductDetails } from './events.ts';

const at = '2026-11-21T10:00:00.000Z';
const later = '2026-11-22T10:00:00.000Z';
const admin: Actor = { userId: 'admin-1', roles: ['user', 'admin'], groups: [], vendorId: null };
const owner: Actor = { userId: 'user-dana', roles: ['user', 'vendor'], groups: [], vendorId: 'vendor-1' };
const otherVendor: Actor = { userId: 'user-eli', roles: ['user', 'vendor'], groups: [], vendorId: 'vendor-2' };
const customer: Actor = { userId: 'user-noa', roles: ['user'], groups: [], vendorId: null };

const details: ProductDetails = {
  type: 'timedService',
  name: { he: 'הופעה של שעה וחצי' },
  information: { en: '<p>Live show</p>' },
  featured: false,
  images: [],
  price: { amountMinor: 250000, currency: 'ILS' },
  additionalInformation: [],
  introText: { en: 'Ninety minutes of live music' },
  serviceDuration: 90,
};
const changed: ProductDetails = { ...details, price: { amountMinor: 300000, currency: 'ILS' } };

const created: ProductEvent = { type: 'ProductCreated', data: { productId: 'product-1', vendorId: 'vendor-1', details, at } };
const removed: ProductEvent = { type: 'ProductRemoved', data: { productId: 'product-1', vendorId: 'vendor-1', at: later } };

const create = (actor: Actor, d: ProductDetails = details, vendorId = 'vendor-1'): ProductCommand =>
  ({ type: 'CreateProduct', actor, at, productId: 'product-1', vendorId, details: d });
const update = (actor: Actor, d: ProductDetails = changed, vendorId = 'vendor-1'): ProductCommand =>
  ({ type: 'UpdateProduct', actor, at: later, productId: 'product-1', vendorId, details: d });
const remove = (actor: Actor, vendorId = 'vendor-1'): ProductCommand => ({ type: 'RemoveProduct', actor, at: later, productId: 'product-1', vendorId });

describe('product decider', () => {
  describe('CreateProduct', () => {
    it('the owner vendor creates a product of its own', () => {
      spec(productDecider).given([]).when(create(owner)).then([created]);
    });
    it('an admin creates a product for any vendor', () => {
      spec(productDecider).given([]).when(create(admin)).then([created]);
    });
    it('another vendor or a customer may not', () => {
      spec(productDecider).given([]).when(create(otherVendor)).thenRefused('product.forbidden');
      spec(productDecider).given([]).when(create(customer)).thenRefused('product.forbidden');
    });
    it('a timed service needs a duration above 0; other types may have 0', () => {
      const refusal = spec(productDecider).given([]).when(create(owner, { ...details, serviceDuration: 0 })).thenRefused('product.duration-required');
      expect(refusal.kind).toBe('invalid');
      const contract = { ...details, type: 'contractService' as const, serviceDuration: 0 };
      spec(productDecider).given([]).when(create(owner, contract))
        .then([{ type: 'ProductCreated', data: { productId: 'product-1', vendorId: 'vendor-1', details: contract, at } }]);
    });
    it('an existing id is refused', () => {
      spec(productDecider).given([created]).when(create(owner)).thenRefused('product.exists');
      spec(productDecider).given([created, removed]).when(create(owner)).thenRefused('product.exists');
    });
  });

  describe('UpdateProduct', () => {
    const updated: ProductEvent = { type: 'ProductUpdated', data: { productId: 'product-1', vendorId: 'vendor-1', details: changed, at: later } };
    it('the owner vendor or an admin updates', () => {
      spec(productDecider).given([created]).when(update(owner)).then([updated]);
      spec(productDecider).given([created]).when(update(admin)).then([updated]);
    });
    it('another vendor is refused even when it names itself as the vendor', () => {
      spec(productDecider).given([created]).when(update(otherVendor)).thenRefused('product.forbidden');
      spec(productDecider).given([created]).when(update(otherVendor, changed, 'vendor-2')).thenRefused('product.forbidden');
    });
    it('a product does not move to another vendor', () => {
      spec(productDecider).given([created]).when(update(admin, changed, 'vendor-2')).thenRefused('product.vendor-mismatch');
    });
    it('a timed service keeps needing a duration', () => {
      spec(productDecider).given([created]).when(update(owner, { ...changed, serviceDuration: 0 })).thenRefused('product.duration-required');
    });
    it('missing and removed products are not found', () => {
      expect(spec(productDecider).given([]).when(update(owner)).thenRefused('product.not-found').kind).toBe('not_found');
      expect(spec(productDecider).given([created, removed]).when(update(owner)).thenRefused('product.removed').kind).toBe('not_found');
    });
    it('the new details are the state', () => {
      const { state } = spec(productDecider).given([created, updated]);
      expect(state.status === 'active' && state.details.price.amountMinor).toBe(300000);
    });
  });

  describe('RemoveProduct', () => {
    it('the owner vendor or an admin removes', () => {
      spec(productDecider).given([created]).when(remove(owner)).then([removed]);
      spec(productDecider).given([created]).when(remove(admin)).then([removed]);
    });
    it('another vendor is refused', () => {
      spec(productDecider).given([created]).when(remove(otherVendor)).thenRefused('product.forbidden');
    });
    it('removing twice or a missing product is refused', () => {
      spec(productDecider).given([created, removed]).when(remove(owner)).thenRefused('product.removed');
      spec(productDecider).given([]).when(remove(admin)).thenRefused('product.not-found');
    });
    it('the vendor named must be the product vendor', () => {
      spec(productDecider).given([created]).when(remove(admin, 'vendor-2')).thenRefused('product.vendor-mismatch');
    });
  });

  describe('ArchiveProduct and UnarchiveProduct', () => {
    const archive = (actor: Actor, reason = 'Out of season'): ProductCommand => ({ type: 'ArchiveProduct', actor, at: later, productId: 'product-1', reason });
    const unarchive = (actor: Actor): ProductCommand => ({ type: 'UnarchiveProduct', actor, at: later, productId: 'product-1' });
    const archived: ProductEvent = { type: 'ProductArchived', data: { productId: 'product-1', vendorId: 'vendor-1', reason: 'Out of season', at: later } };
    const unarchived: ProductEvent = { type: 'ProductUnarchived', data: { productId: 'product-1', vendorId: 'vendor-1', details, at: later } };

    it('an admin sets a product aside with a reason and brings it back as it was', () => {
      spec(productDecider).given([created]).when(archive(admin)).then([archived]);
      spec(productDecider).given([created, archived]).when(unarchive(admin)).then([unarchived]);
      const { state } = spec(productDecider).given([created, archived, unarchived]);
      expect(state.status).toBe('active');
    });
    it('only admins; not twice; not a removed product', () => {
      expect(spec(productDecider).given([created]).when(archive(owner)).thenRefused('product.forbidden').kind).toBe('forbidden');
      spec(productDecider).given([created, archived]).when(unarchive(owner)).thenRefused('product.forbidden');
      expect(spec(productDecider).given([created, archived]).when(archive(admin)).thenRefused('product.archived').kind).toBe('conflict');
      spec(productDecider).given([created]).when(unarchive(admin)).thenRefused('product.not-archived');
      spec(productDecider).given([created, removed]).when(archive(admin)).thenRefused('product.removed');
    });
    it('brings back a product created when intro and information were one text, with them per language', () => {
      const before = ProductEvent.parse({ type: 'ProductCreated', data: { productId: 'product-1', vendorId: 'vendor-1', at, details: { ...details, introText: 'שעה וחצי של מוזיקה חיה', information: '<p>Live show</p>' } } });
      const back = { ...details, introText: { he: 'שעה וחצי של מוזיקה חיה' }, information: { en: '<p>Live show</p>' } };
      spec(productDecider).given([before, archived]).when(unarchive(admin))
        .then([{ type: 'ProductUnarchived', data: { productId: 'product-1', vendorId: 'vendor-1', details: back, at: later } }]);
    });
    it('an archived product is not changed until it is back, and may still be removed', () => {
      expect(spec(productDecider).given([created, archived]).when(update(owner)).thenRefused('product.archived').kind).toBe('conflict');
      spec(productDecider).given([created, archived]).when(update(admin)).thenRefused('product.archived');
      spec(productDecider).given([created, archived]).when(remove(admin)).then([removed]);
    });
  });
});
