import { describe, expect, it } from 'vitest';
import type { Actor } from '../shared/actor.ts';
import { spec } from '../shared/decider-spec.ts';
import type { MediaCommand } from './commands.ts';
import { mediaDecider } from './decider.ts';
import type { MediaEvent } from './events.ts';
import { MAX_MEDIA_BYTES, mediaContentType, mediaFileName, mediaPath } from './media-file.ts';

const at = '2026-11-21T10:00:00.000Z';
const admin: Actor = { userId: 'admin-1', roles: ['user', 'admin'], groups: [], vendorId: null };
const operator: Actor = { userId: 'op-1', roles: ['user', 'operator'], groups: [], vendorId: null };
const file = { mediaId: 'm1', fileName: 'stage.png', originalName: 'Stage.PNG', contentType: 'image/png', size: 2048, sha256: 'a'.repeat(64) };
const upload = (actor: Actor, overrides: Partial<typeof file> = {}): MediaCommand => ({ type: 'RecordMediaUpload', actor, at, ...file, ...overrides });
const remove = (actor: Actor): MediaCommand => ({ type: 'DeleteMedia', actor, at, mediaId: 'm1' });
const uploaded: MediaEvent = { type: 'MediaUploaded', data: { ...file, at } };
const deleted: MediaEvent = { type: 'MediaDeleted', data: { mediaId: 'm1', at } };

describe('media decider', () => {
  it('an admin records an upload once; the id is never used again, not even after a delete', () => {
    spec(mediaDecider).given([]).when(upload(admin)).then([uploaded]);
    spec(mediaDecider).given([uploaded]).when(upload(admin)).thenRefused('media.exists');
    spec(mediaDecider).given([uploaded, deleted]).when(upload(admin)).thenRefused('media.exists');
  });
  it('an admin deletes a present file; a missing or deleted one is not found', () => {
    spec(mediaDecider).given([uploaded]).when(remove(admin)).then([deleted]);
    spec(mediaDecider).given([]).when(remove(admin)).thenRefused('media.not-found');
    spec(mediaDecider).given([uploaded, deleted]).when(remove(admin)).thenRefused('media.not-found');
  });
  it('refuses types it does not serve and files over 100 MB', () => {
    expect(spec(mediaDecider).given([]).when(upload(admin, { contentType: 'image/svg+xml' })).thenRefused('media.unsupported-type').kind).toBe('invalid');
    spec(mediaDecider).given([]).when(upload(admin, { size: MAX_MEDIA_BYTES + 1 })).thenRefused('media.too-large');
    spec(mediaDecider).given([]).when(upload(admin, { size: MAX_MEDIA_BYTES })).then([{ type: 'MediaUploaded', data: { ...file, size: MAX_MEDIA_BYTES, at } }]);
  });
  it('a non-admin is refused', () => {
    spec(mediaDecider).given([]).when(upload(operator)).thenRefused('media.forbidden');
    spec(mediaDecider).given([uploaded]).when(remove(operator)).thenRefused('media.forbidden');
  });
  it("an artist uploads and deletes the files of its own page only", () => {
    const artist: Actor = { userId: 'user-dana', roles: ['user', 'vendor'], groups: [], vendorId: 'vendor-1' };
    const other: Actor = { userId: 'user-eli', roles: ['user', 'vendor'], groups: [], vendorId: 'vendor-2' };
    const own: MediaEvent = { type: 'MediaUploaded', data: { ...file, ownerVendorId: 'vendor-1', at } };
    spec(mediaDecider).given([]).when(upload(artist, { ownerVendorId: 'vendor-1' } as Partial<typeof file>)).then([own]);
    spec(mediaDecider).given([]).when(upload(artist)).thenRefused('media.forbidden');
    spec(mediaDecider).given([]).when(upload(other, { ownerVendorId: 'vendor-1' } as Partial<typeof file>)).thenRefused('media.forbidden');
    spec(mediaDecider).given([own]).when(remove(artist)).then([deleted]);
    spec(mediaDecider).given([own]).when(remove(other)).thenRefused('media.forbidden');
    spec(mediaDecider).given([uploaded]).when(remove(artist)).thenRefused('media.forbidden');
    spec(mediaDecider).given([own]).when(remove(admin)).then([deleted]);
  });
  it('the state remembers what was uploaded', () => {
    expect(spec(mediaDecider).given([uploaded]).state).toEqual({ status: 'present', fields: { fileName: 'stage.png', originalName: 'Stage.PNG', contentType: 'image/png', size: 2048, sha256: 'a'.repeat(64), uploadedAt: at } });
  });
});

describe('media files', () => {
  it('accepts image, audio, video and PDF types by their header, with parameters and aliases', () => {
    expect(mediaContentType('image/PNG')).toBe('image/png');
    expect(mediaContentType('image/jpg; foo=bar')).toBe('image/jpeg');
    expect(mediaContentType('audio/x-wav')).toBe('audio/wav');
    expect(mediaContentType('application/pdf')).toBe('application/pdf');
    for (const refused of ['image/svg+xml', 'text/html', 'application/octet-stream', '', undefined]) expect(mediaContentType(refused)).toBeNull();
  });
  it('names a file by its original name as a slug, with the extension of its type', () => {
    expect(mediaFileName('Stage Photo (1).JPEG', 'image/jpeg')).toBe('stage-photo-1.jpg');
    expect(mediaFileName('להקה בהופעה.png', 'image/png')).toBe('להקה-בהופעה.png');
    expect(mediaFileName('../../etc/passwd', 'application/pdf')).toBe('passwd.pdf');
    expect(mediaFileName('!!!.mp3', 'audio/mpeg')).toBe('file.mp3');
    expect(mediaFileName('a'.repeat(300), 'video/mp4')).toHaveLength(100);
  });
  it('serves a file under its id and encoded name', () => {
    expect(mediaPath('m1', 'להקה.png')).toBe('/media/m1/%D7%9C%D7%94%D7%A7%D7%94.png');
  });
});
