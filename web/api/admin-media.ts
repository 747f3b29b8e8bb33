import type { ApiClient } from './client.ts';
import { pageFrom } from './adapters.ts';
import type { Page } from './view-models.ts';
import type { MediaView } from '../../projectors/media/projection.ts';

// The media library's reads (GET /api/admin/media) as view props, for web/pages/admin/media.tsx.
export const MEDIA_KINDS = ['image', 'audio', 'video', 'document'] as const;
export type MediaKind = (typeof MEDIA_KINDS)[number];
export const isMediaKind = (value: unknown): value is MediaKind => MEDIA_KINDS.includes(value as MediaKind);

/** A file of the library: the media view's document (projectors/media/projection.ts) as the screen shows it. */
export type MediaItem = Pick<MediaView, 'fileName' | 'originalName' | 'contentType' | 'kind' | 'size' | 'url' | 'uploadedAt'> & { id: string };

export function mediaItemFrom(value: unknown): MediaItem {
  const doc = (typeof value === 'object' && value !== null ? value : {}) as Record<string, unknown>;
  const str = (field: string) => (typeof doc[field] === 'string' ? (doc[field] as string) : '');
  return {
    id: str('mediaId'), fileName: str('fileName'), originalName: str('originalName') || str('fileName'), contentType: str('contentType'),
    kind: isMediaKind(doc.kind) ? doc.kind : 'document', size: typeof doc.size === 'number' ? doc.size : 0, url: str('url'), uploadedAt: str('uploadedAt'),
  };
}

export interface MediaListQuery { kind?: MediaKind | null; text?: string; start?: number; limit?: number }

export async function adminMediaList(api: ApiClient, query: MediaListQuery = {}): Promise<Page<MediaItem>> {
  const answer = await api.get('admin/media', {
    query: { kind: query.kind ?? undefined, text: query.text || undefined, start: query.start ?? 0, limit: query.limit ?? 24 },
    fresh: true,
  });
  return pageFrom(answer, mediaItemFrom);
}
