import type { ApiClient } from './client.ts';
import { chatMessageFrom, conversationFrom, pageFrom, text } from './adapters.ts';
import type { ChatMessage, Conversation, Page, Text } from './view-models.ts';

// The admin content and settings screens' reads (web/pages/admin/entities.tsx, settings.tsx,
// conversations.tsx, tracking.tsx) as view props: content entities of every type, access rules,
// languages, configuration entries, every conversation, source tracking and phone number dispenses.
// A single record takes the write's revision (`minRevision`), so an editor returns to a list that
// already shows its write.
type Doc = Record<string, unknown>;
const asDoc = (value: unknown): Doc => (typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Doc) : {});
const str = (value: unknown, fallback = ''): string => (typeof value === 'string' ? value : fallback);
const strOrNull = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);
const int = (value: unknown, fallback = 0): number => (typeof value === 'number' && Number.isInteger(value) ? value : fallback);

export const ADMIN_CONTENT_PAGE_SIZE = 20;

// --- Content entities (SPEC §2 admin-entity-entityType) ---

export const CONTENT_TYPES = ['brand', 'category', 'tag', 'article', 'serviceContract'] as const;
export type ContentType = (typeof CONTENT_TYPES)[number];
export const isContentType = (value: string | undefined): value is ContentType => CONTENT_TYPES.includes(value as ContentType);

/** A content entity as its editor and list need it: the id, timestamps and every field of its type. */
export interface ContentEntity {
  id: string;
  createdAt: string | null;
  updatedAt: string | null;
  /** The fields as the API keeps them (name, alias, body…); see web/pages/admin/entity-types.ts. */
  fields: Doc;
}

function contentEntityFrom(value: unknown): ContentEntity {
  const doc = asDoc(value);
  const { id, createdAt, updatedAt, ...fields } = doc;
  return { id: str(id), createdAt: strOrNull(createdAt), updatedAt: strOrNull(updatedAt), fields };
}

export interface ContentListQuery { text?: string; parentId?: string; start?: number; limit?: number }

export async function adminContentList(api: ApiClient, type: ContentType, query: ContentListQuery = {}): Promise<Page<ContentEntity>> {
  const answer = await api.get(`admin/entity/${type}`, {
    query: { text: query.text || undefined, parentId: query.parentId || undefined, start: query.start ?? 0, limit: query.limit ?? ADMIN_CONTENT_PAGE_SIZE },
    fresh: true,
  });
  return pageFrom(answer, contentEntityFrom);
}

export async function adminContentEntity(api: ApiClient, type: ContentType, id: string, minRevision?: number): Promise<ContentEntity> {
  return contentEntityFrom(await api.get(`admin/entity/${type}/${encodeURIComponent(id)}`, { query: { minRevision }, fresh: true, silent: minRevision !== undefined }));
}

// --- Access rules (SPEC §6 asset, action, level) ---

export const ACL_ACTIONS = ['read', 'list', 'create', 'update', 'delete'] as const;
export const ACL_LEVELS = ['all', 'some'] as const;
export const ACL_ROLES = ['guest', 'user', 'vendor', 'admin', 'operator', 'superAdmin'] as const;
export type AclAction = (typeof ACL_ACTIONS)[number];
export type AclLevel = (typeof ACL_LEVELS)[number];
export type AclRole = (typeof ACL_ROLES)[number];

export interface AclRuleRow {
  ruleId: string;
  asset: string;
  action: AclAction;
  level: AclLevel;
  role: AclRole | null;
  group: string | null;
  public: boolean;
  updatedAt: string | null;
}

function aclRuleFrom(value: unknown): AclRuleRow {
  const doc = asDoc(value);
  const pick = <T extends string>(options: readonly T[], candidate: unknown, fallback: T): T => (options.includes(candidate as T) ? (candidate as T) : fallback);
  return {
    ruleId: str(doc.ruleId), asset: str(doc.asset), action: pick(ACL_ACTIONS, doc.action, 'read'), level: pick(ACL_LEVELS, doc.level, 'all'),
    role: ACL_ROLES.includes(doc.role as AclRole) ? (doc.role as AclRole) : null, group: strOrNull(doc.group), public: doc.public === true,
    updatedAt: strOrNull(doc.updatedAt),
  };
}

export async function adminAclRules(api: ApiClient, asset?: string): Promise<Page<AclRuleRow>> {
  return pageFrom(await api.get('admin/acl', { query: { asset: asset || undefined }, fresh: true }), aclRuleFrom);
}

export async function adminAclRule(api: ApiClient, ruleId: string, minRevision?: number): Promise<AclRuleRow> {
  return aclRuleFrom(await api.get(`admin/acl/${encodeURIComponent(ruleId)}`, { query: { minRevision }, fresh: true, silent: minRevision !== undefined }));
}

// --- Language entries (SPEC §3 languages) ---

export interface LanguageRow { code: string; name: Text; enabled: boolean; updatedAt: string | null }

function languageRowFrom(value: unknown): LanguageRow {
  const doc = asDoc(value);
  return { code: str(doc.code), name: text(doc.name), enabled: doc.enabled === true, updatedAt: strOrNull(doc.updatedAt) };
}

export async function adminLanguages(api: ApiClient): Promise<LanguageRow[]> {
  return pageFrom(await api.get('languages', { query: { all: 'true' }, fresh: true }), languageRowFrom).items;
}

export async function adminLanguage(api: ApiClient, code: string, minRevision?: number): Promise<LanguageRow> {
  return languageRowFrom(await api.get(`admin/languages/${encodeURIComponent(code)}`, { query: { minRevision }, fresh: true, silent: minRevision !== undefined }));
}

// --- Configuration entries (typed values) ---

export const CONFIG_VALUE_TYPES = ['string', 'number', 'boolean', 'json'] as const;
export type ConfigValueType = (typeof CONFIG_VALUE_TYPES)[number];

export interface ConfigEntryRow { key: string; value: string; valueType: ConfigValueType; updatedAt: string | null }

function configEntryFrom(value: unknown): ConfigEntryRow {
  const doc = asDoc(value);
  const valueType = CONFIG_VALUE_TYPES.includes(doc.valueType as ConfigValueType) ? (doc.valueType as ConfigValueType) : 'string';
  return { key: str(doc.key), value: str(doc.value), valueType, updatedAt: strOrNull(doc.updatedAt) };
}

export async function adminConfigEntries(api: ApiClient): Promise<ConfigEntryRow[]> {
  return pageFrom(await api.get('admin/config', { query: { limit: 999 }, fresh: true }), configEntryFrom).items;
}

export async function adminConfigEntry(api: ApiClient, key: string, minRevision?: number): Promise<ConfigEntryRow> {
  return configEntryFrom(await api.get(`admin/config/${encodeURIComponent(key)}`, { query: { minRevision }, fresh: true, silent: minRevision !== undefined }));
}

// --- Conversations (SPEC §6 conversation messages: read on chatMessage) ---

export interface ConversationFilter { vendorId?: string; customerId?: string; unanswered?: boolean; start?: number; limit?: number }

export async function adminConversations(api: ApiClient, filter: ConversationFilter): Promise<Page<Conversation>> {
  const answer = await api.get('admin/conversations', {
    query: {
      vendorId: filter.vendorId || undefined, customerId: filter.customerId || undefined, unanswered: filter.unanswered ? 'true' : undefined,
      start: filter.start ?? 0, limit: filter.limit ?? ADMIN_CONTENT_PAGE_SIZE,
    },
    fresh: true,
  });
  return pageFrom(answer, conversationFrom);
}

/** One conversation as the back office reads it (read on chatMessage: an operator too). */
export async function adminConversation(api: ApiClient, conversationId: string): Promise<Conversation> {
  return conversationFrom(await api.get(`admin/conversations/${encodeURIComponent(conversationId)}`, { fresh: true }));
}

/** Every message of a conversation, oldest first (pages of the API's maximum until the total). */
export async function adminConversationMessages(api: ApiClient, conversationId: string): Promise<ChatMessage[]> {
  const messages: ChatMessage[] = [];
  for (let start = 0; ; start += 999) {
    const page = pageFrom(await api.get(`admin/conversations/${encodeURIComponent(conversationId)}/messages`, { query: { start, limit: 999 }, fresh: true }), chatMessageFrom);
    messages.push(...page.items);
    if (page.items.length === 0 || messages.length >= page.total) return messages;
  }
}

/** Who can be picked in the filters: artists by name, customers by name or e-mail. */
export interface PartyOption { id: string; name: Text; email?: string }

export async function artistOptions(api: ApiClient): Promise<PartyOption[]> {
  const answer = await api.get('admin/vendors', { query: { limit: 999, sort: 'name' } });
  return pageFrom(answer, (value) => ({ id: str(asDoc(value).vendorId), name: text(asDoc(value).name) })).items;
}

export async function customerOptions(api: ApiClient, search: string): Promise<PartyOption[]> {
  const answer = await api.get('admin/users', { query: { text: search, limit: 20, sort: 'fullName' } });
  return pageFrom(answer, (value) => {
    const doc = asDoc(value);
    return { id: str(doc.userId), name: { he: str(doc.fullName), en: str(doc.fullName) }, email: str(doc.email) };
  }).items;
}

export async function customerName(api: ApiClient, userId: string): Promise<string | null> {
  try {
    const doc = asDoc(await api.get(`admin/users/${encodeURIComponent(userId)}`, { silent: true }));
    return strOrNull(doc.fullName) ?? strOrNull(doc.email);
  } catch {
    return null;
  }
}

// --- Source tracking (superUsers) ---

export interface TrackingSourceRow { source: string; hits: number; byDay: Record<string, number>; totalHits: number; signedInHits: number; lastHitAt: string | null }
export interface TrackingReport { from: string; to: string; days: string[]; items: TrackingSourceRow[]; hits: number }

export async function trackingReport(api: ApiClient, range: { from?: string; to?: string }): Promise<TrackingReport> {
  const doc = asDoc(await api.get('admin/tracking/sources', { query: { from: range.from || undefined, to: range.to || undefined }, fresh: true }));
  const items = (Array.isArray(doc.items) ? doc.items : []).map((value) => {
    const item = asDoc(value);
    const byDay = Object.fromEntries(Object.entries(asDoc(item.byDay)).filter((entry): entry is [string, number] => typeof entry[1] === 'number'));
    return { source: str(item.source), hits: int(item.hits), byDay, totalHits: int(item.totalHits), signedInHits: int(item.signedInHits), lastHitAt: strOrNull(item.lastHitAt) };
  });
  const days = Array.isArray(doc.days) ? doc.days.filter((day): day is string => typeof day === 'string') : [];
  return { from: str(doc.from), to: str(doc.to), days, items, hits: int(doc.hits) };
}

// --- Phone number dispenses (superUsers) ---

export interface PhoneNumberDispenseRow {
  id: string;
  vendorId: string;
  vendorName: Text;
  fullName: string;
  phoneNumber: string;
  userId: string | null;
  dispensedNumber: string | null;
  dispensedAt: string;
}

export async function phoneNumberDispense(api: ApiClient, id: string, minRevision?: number): Promise<PhoneNumberDispenseRow> {
  return phoneNumberDispenseFrom(await api.get(`admin/phone-number-dispenses/${encodeURIComponent(id)}`, { query: { minRevision }, fresh: true, silent: minRevision !== undefined }));
}

function phoneNumberDispenseFrom(value: unknown): PhoneNumberDispenseRow {
  const doc = asDoc(value);
  return {
    id: str(doc.id), vendorId: str(doc.vendorId), vendorName: text(doc.vendorName), fullName: str(doc.fullName), phoneNumber: str(doc.phoneNumber),
    userId: strOrNull(doc.userId), dispensedNumber: strOrNull(doc.dispensedNumber), dispensedAt: str(doc.dispensedAt),
  };
}

export async function phoneNumberDispenses(api: ApiClient, query: { text?: string; vendorId?: string; start?: number; limit?: number }): Promise<Page<PhoneNumberDispenseRow>> {
  const answer = await api.get('admin/phone-number-dispenses', {
    query: { text: query.text || undefined, vendorId: query.vendorId || undefined, start: query.start ?? 0, limit: query.limit ?? ADMIN_CONTENT_PAGE_SIZE },
    fresh: true,
  });
  return pageFrom(answer, phoneNumberDispenseFrom);
}
