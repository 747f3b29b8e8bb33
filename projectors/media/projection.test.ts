import { describe, expect, it } from 'vitest';
import { mediaProjection, type MediaView } from './projection.ts';
import { fold, recorded } from '../testing/recorded-event.ts';

const at = '2026-03-01T09:00:00.000Z';
const admin = { userId: 'admin-1', roles: ['user', 'admin'] as const, groups: [], vendorId: null };
const uploaded = (mediaId: string, fileName: string, contentType: string) => recorded(`media-${mediaId}`, {
  type: 'MediaUploaded', data: { mediaId, fileName, originalName: `Original ${fileName}`, contentType, size: 1234, sha256: 'b'.repeat(64), at },
}, { ...admin, roles: [...admin.roles] });

describe('media view', () => {
  it('keeps each uploaded file with its URL, kind and uploader; a deleted one goes', () => {
    const docs = fold<MediaView>(mediaProjection, [
      uploaded('m1', 'stage.png', 'image/png'),
      uploaded('m2', 'song.mp3', 'audio/mpeg'),
      uploaded('m3', 'terms.pdf', 'application/pdf'),
      recorded('media-m2', { type: 'MediaDeleted', data: { mediaId: 'm2', at } }),
    ]);
    expect(Object.keys(docs)).toEqual(['m1', 'm3']);
    expect(docs.m1).toMatchObject({
      mediaId: 'm1', fileName: 'stage.png', originalName: 'Original stage.png', contentType: 'image/png', kind: 'image', size: 1234,
      url: '/media/m1/stage.png', uploadedAt: at, uploadedBy: 'admin-1', searchText: 'original stage.png stage.png',
    });
    expect(docs.m3!.kind).toBe('document');
  });
});
