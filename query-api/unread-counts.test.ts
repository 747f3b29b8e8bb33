import { beforeAll, describe, expect, it, vi } from 'vitest';
import { registerAndSignIn, registerVendor, type SignedInUser } from '../command-api/client/accounts.ts';
import { vendorProfile } from '../command-api/testing/fixtures.ts';
import { defineTestLanguages } from '../command-api/testing/languages.ts';
import { useStarted } from '../command-api/testing/use-started.ts';
import { startFullStack } from '../test/full-stack.ts';

// What the conversations screen and the header badges read: each side's name on a conversation,
// the unread counts (GET /api/unread-counts) as messages come and are read, and "mark all
// notifications read" (POST /api/notifications/read-all).
const eventually = (assertion: () => unknown | Promise<unknown>) => vi.waitFor(assertion, { timeout: 10_000, interval: 25 });

describe('conversation names, unread counts and mark-all-read over HTTP', () => {
  const stack = useStarted(startFullStack);
  let vendor: SignedInUser & { vendorId: string };
  let customer: SignedInUser;
  let otherCustomer: SignedInUser;

  beforeAll(async () => {
    await defineTestLanguages(stack.eventStore);
    vendor = await registerVendor(stack.api, stack.mailer, 'unread-vendor@example.com', vendorProfile('Night Owls'));
    customer = await registerAndSignIn(stack.api, stack.mailer, { email: 'dana@example.com', fullName: 'Dana Levi' });
    otherCustomer = await registerAndSignIn(stack.api, stack.mailer, { email: 'eli@example.com', fullName: 'Eli Cohen' });
  });

  const counts = async (user: SignedInUser) => {
    const answer = await stack.api.get('/api/unread-counts', user.token);
    expect(answer.status).toBe(200);
    return answer.body as { notifications: number; messages: number; conversations: number };
  };

  it('names the other side of each conversation: the customer to the vendor, the vendor to the customer', async () => {
    const opened = await stack.api.post('/api/conversations', { vendorId: vendor.vendorId, text: 'Hello there' }, customer.token);
    const one = await stack.api.get(`/api/conversations/${opened.body.id}?minRevision=${opened.body.revision}`, customer.token);
    expect(one.body).toMatchObject({ customerName: 'Dana Levi', vendorName: { he: 'להקת Night Owls', en: 'Night Owls' }, vendorLogoImageUrl: null });
    await stack.api.post('/api/conversations', { vendorId: vendor.vendorId, text: 'Are you free?' }, otherCustomer.token);
    await eventually(async () => {
      const list = await stack.api.get('/api/conversations', vendor.token);
      expect(list.body.items.map((c: { customerName: string }) => c.customerName).sort()).toEqual(['Dana Levi', 'Eli Cohen']);
    });
  });

  it('counts unread messages per side across conversations, and lowers them when read', async () => {
    await eventually(async () => expect(await counts(vendor)).toMatchObject({ messages: 2, conversations: 2 }));
    expect(await counts(customer)).toMatchObject({ messages: 0, conversations: 0 });

    const conversationId = (await stack.api.get('/api/conversations', customer.token)).body.items[0].conversationId as string;
    await stack.api.post(`/api/conversations/${conversationId}/messages`, { text: 'Yes, we are' }, vendor.token);
    const last = await stack.api.post(`/api/conversations/${conversationId}/messages`, { text: 'Which date?' }, vendor.token);
    // Replying counts as having read the customer's message.
    await eventually(async () => expect(await counts(vendor)).toMatchObject({ messages: 1, conversations: 1 }));
    await eventually(async () => expect(await counts(customer)).toMatchObject({ messages: 2, conversations: 1 }));

    await stack.api.post(`/api/conversations/${conversationId}/read`, { upToMessageId: last.body.messageId }, customer.token);
    await eventually(async () => expect(await counts(customer)).toMatchObject({ messages: 0, conversations: 0 }));
    expect((await stack.api.get('/api/unread-counts')).status).toBe(401);
  });

  it('marks every unread notification read at once, for the caller only', async () => {
    // The vendor heard of two first messages, the customer of two replies.
    await eventually(async () => expect((await counts(vendor)).notifications).toBe(2));
    await eventually(async () => expect((await counts(customer)).notifications).toBe(2));

    const marked = await stack.api.post('/api/notifications/read-all', undefined, vendor.token);
    expect(marked.status).toBe(200);
    expect(marked.body.streamId).toBe(`notifications-${vendor.userId}`);
    await eventually(async () => expect((await counts(vendor)).notifications).toBe(0));
    const list = await stack.api.get('/api/notifications', vendor.token);
    expect(list.body.items.map((n: { read: boolean }) => n.read)).toEqual([true, true]);
    expect(list.body.unread).toBe(0);
    expect((await counts(customer)).notifications).toBe(2);

    // Nothing left to mark: answers without appending.
    const again = await stack.api.post('/api/notifications/read-all', undefined, vendor.token);
    expect(again.status).toBe(200);
    expect(again.body.revision).toBe(marked.body.revision);
    expect((await stack.api.post('/api/notifications/read-all')).status).toBe(401);
  });
});
