import type { TFunction } from 'i18next';

// Where an admin reads the entity of a stream (stream id `<category>-<id>`, DESIGN §4): its own admin
// page where there is one (SPEC §2 admin routes), else the stream's event history page.
const ENTITY_PAGES: Partial<Record<string, (id: string) => string>> = {
  order: (id) => `/admin/order/${id}`,
  vendor: (id) => `/admin/vendor/${id}`,
  product: (id) => `/admin/product/${id}`,
  user: (id) => `/admin/user/${id}`,
  conversation: (id) => `/admin/conversations/${id}`,
  brand: (id) => `/admin/entity/brand/${id}`,
  category: (id) => `/admin/entity/category/${id}`,
  tag: (id) => `/admin/entity/tag/${id}`,
  article: (id) => `/admin/entity/article/${id}`,
  serviceContract: (id) => `/admin/entity/serviceContract/${id}`,
  config: (id) => `/admin/config/${id}`,
  acl: (id) => `/admin/acl/${id}`,
  phoneNumberDispense: (id) => `/admin/entity/phoneNumberDispense/${id}`,
};

/** The stream's category and entity id (the id may hold hyphens itself). */
export function streamParts(streamId: string): { category: string; id: string } {
  const hyphen = streamId.indexOf('-');
  return hyphen === -1 ? { category: streamId, id: '' } : { category: streamId.slice(0, hyphen), id: streamId.slice(hyphen + 1) };
}

export const streamHistoryPath = (streamId: string): string => `/admin/stream/${encodeURIComponent(streamId)}`;

/** The locale-free admin path that shows this stream's entity. */
export function adminPathOfStream(streamId: string): string {
  const { category, id } = streamParts(streamId);
  const page = ENTITY_PAGES[category];
  return page && id ? page(encodeURIComponent(id)) : streamHistoryPath(streamId);
}

/** "Order 1a2b3c4d", "Artist 9f8e7d6c": what kind of entity a stream holds and the start of its id. */
export function streamLabel(t: TFunction, streamId: string): string {
  const { category, id } = streamParts(streamId);
  return t('adminHistory.entity', { category: t(`adminHistory.categories.${category}`, { defaultValue: category }), id: id.slice(0, 8) }).trim();
}
