import { UserAddressesAnswer } from '../answer-schemas.ts';
import { userAddressesStream } from '../../domain/user-address/decider.ts';
import { publicDocument } from '../public-document.ts';
import { readRoute, type ReadRoute } from '../read-route.ts';

// The caller's address book (SPEC §1 entity "user address") over `userAddresses`: empty until the
// first address is added; `minRevision` waits for the caller's own write.
export const myAddresses = readRoute({
  path: '/api/user/addresses',
  response: UserAddressesAnswer,
  summary: "The caller's addresses, in the order added, and the default one",
  tags: ['addresses'],
  auth: 'user',
  documentOf: (_params, actor) => ({ collection: 'userAddresses', id: actor.userId ?? '', streamId: userAddressesStream(actor.userId ?? '') }),
  async handle({ actor, views }) {
    const book = await views.byId('userAddresses', actor.userId!);
    return book ? publicDocument(book) : { userId: actor.userId, addresses: [], defaultId: null };
  },
});

export const addressReads: ReadRoute[] = [myAddresses];
