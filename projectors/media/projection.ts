import { mediaKindOf, mediaPath, type MediaKind } from '../../domain/media/media-file.ts';
import type { Projection, ViewDoc } from '../projection.ts';

// The media library (README: `media`): one document per uploaded file, gone when it is deleted.
// `searchText` holds the names, lower-cased, for the admin list's text filter.
export interface MediaView extends ViewDoc {
  mediaId: string;
  fileName: string;
  originalName: string;
  contentType: string;
  kind: MediaKind;
  size: number;
  /** Path the file is served at. */
  url: string;
  uploadedAt: string;
  /** Who uploaded it (user id). */
  uploadedBy: string | null;
  searchText: string;
}

export const mediaProjection: Projection<MediaView> = {
  name: 'media',
  collection: 'media',
  eventTypes: ['MediaUploaded', 'MediaDeleted'],
  keysOf: (event) => ('mediaId' in event.data ? [event.data.mediaId] : []),
  evolve(doc, event, id) {
    if (event.type === 'MediaUploaded') {
      const { fileName, originalName, contentType, size, at } = event.data;
      return {
        _id: id, mediaId: id, fileName, originalName, contentType, kind: mediaKindOf(contentType), size,
        url: mediaPath(id, fileName), uploadedAt: at, uploadedBy: event.metadata.actor.userId, searchText: `${originalName} ${fileName}`.toLowerCase(),
      };
    }
    if (event.type === 'MediaDeleted') return null;
    return doc;
  },
  indexes: [{ uploadedAt: -1, _id: -1 }, { kind: 1, uploadedAt: -1, _id: -1 }, { size: -1, _id: -1 }, { fileName: 1, _id: 1 }],
};
