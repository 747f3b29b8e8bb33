import { describe, expect, it } from 'vitest';
import type { Actor } from '../shared/actor.ts';
import { spec } from '../shared/decider-spec.ts';
import { DescribeVendorMedia, type VendorCommand } from './commands.ts';
import { vendorDecider } from './decider.ts';
import { VendorEvent, VendorProfile } from './events.ts';
import { isPermutation, MAX_VENDOR_MEDIA, soundCloudUrlOf, youtubeIdOfLink, type VendorMediaItem } from './media.ts';

// The artist's own media (issue 22 item 5): given events / when command / then events.
const at = '2026-11-21T10:00:00.000Z';
const later = '2026-11-22T10:00:00.000Z';
const admin: Actor = { userId: 'admin-1', roles: ['user', 'admin'], groups: [], vendorId: null };
const owner: Actor = { userId: 'user-dana', roles: ['user', 'vendor'], groups: [], vendorId: 'vendor-1' };
const otherVendor: Actor = { userId: 'user-eli', roles: ['user', 'vendor'], groups: [], vendorId: 'vendor-2' };
const plainUser: Actor = { userId: 'user-dana', roles: ['user'], groups: [], vendorId: null };
const guest: Actor = { userId: null, roles: ['guest'], groups: [], vendorId: null };

const profile: VendorProfile = VendorProfile.parse({
  name: { he: 'להקת הכוכבים', en: 'The Stars Band' }, tagIds: [], intro: { he: 'להקה' }, languages: ['he'], originLocation: { he: 'תל אביב' },
});
const created: VendorEvent = { type: 'VendorCreated', data: { vendorId: 'vendor-1', ownerUserId: 'user-dana', profile, at } };
const archived: VendorEvent = { type: 'VendorArchived', data: { vendorId: 'vendor-1', reason: '', at } };

const photo = (n: number): Extract<VendorMediaItem, { kind: 'photo' }> =>
  ({ kind: 'photo', url: `/media/m${n}/stage-${n}.webp`, thumbnailUrl: `/media/m${n}/stage-${n}-thumb.webp`, description: {} });
const add = (actor: Actor, media: VendorMediaItem): VendorCommand => ({ type: 'AddVendorMedia', actor, at: later, vendorId: 'vendor-1', media });
const added = (media: VendorMediaItem): VendorEvent => ({ type: 'VendorMediaAdded', data: { vendorId: 'vendor-1', media, at: later } });
const remove = (actor: Actor, key: string, kind: 'photo' | 'audio' | 'youtube' | 'video' = 'photo'): VendorCommand =>
  ({ type: 'RemoveVendorMedia', actor, at: later, vendorId: 'vendor-1', kind, key });
const reorder = (actor: Actor, keys: string[]): VendorCommand => ({ type: 'ReorderVendorMedia', actor, at: later, vendorId: 'vendor-1', kind: 'photo', keys });
const urls = (n: number) => Array.from({ length: n }, (_, i) => photo(i + 1).url);
const photosOf = (events: VendorEvent[]) => {
  const state = spec(vendorDecider).given(events).state;
  return state.status === 'absent' ? [] : state.profile.images.map((image) => image.url);
};

describe('vendor media (issue 22 item 5)', () => {
  it('the owner adds a photo at the end of the list; the state and the profile hold it with its thumbnail', () => {
    spec(vendorDecider).given([created]).when(add(owner, photo(1))).then([added(photo(1))]);
    const state = spec(vendorDecider).given([created, added(photo(1)), added(photo(2))]).state;
    expect(state.status !== 'absent' && state.profile.images).toEqual([
      { url: photo(1).url, thumbnailUrl: photo(1).thumbnailUrl, description: {} },
      { url: photo(2).url, thumbnailUrl: photo(2).thumbnailUrl, description: {} },
    ]);
  });
  it('only the artist itself or an admin edits its media: another artist, a plain user and a guest are refused', () => {
    spec(vendorDecider).given([created]).when(add(admin, photo(1))).then([added(photo(1))]);
    for (const actor of [otherVendor, plainUser, guest]) {
      expect(spec(vendorDecider).given([created]).when(add(actor, photo(1))).thenRefused('vendor.forbidden').kind).toBe('forbidden');
      spec(vendorDecider).given([created, added(photo(1))]).when(remove(actor, photo(1).url)).thenRefused('vendor.forbidden');
      spec(vendorDecider).given([created, added(photo(1))]).when(reorder(actor, [photo(1).url])).thenRefused('vendor.forbidden');
    }
  });
  it(`at most ${MAX_VENDOR_MEDIA.photo} photos`, () => {
    const full = Array.from({ length: MAX_VENDOR_MEDIA.photo }, (_, i) => added(photo(i + 1)));
    expect(spec(vendorDecider).given([created, ...full]).when(add(owner, photo(99))).thenRefused('vendor.media-full').kind).toBe('conflict');
    spec(vendorDecider).given([created, ...full.slice(1)]).when(add(owner, photo(99))).then([added(photo(99))]);
  });
  it('the same item twice is refused', () => {
    spec(vendorDecider).given([created, added(photo(1))]).when(add(owner, photo(1))).thenRefused('vendor.media-exists');
  });
  it('a photo or video must be an uploaded file, audio an upload or a SoundCloud link', () => {
    const refused = (media: VendorMediaItem) => spec(vendorDecider).given([created]).when(add(owner, media)).thenRefused('vendor.media-invalid');
    expect(refused({ kind: 'photo', url: 'https://example.com/a.jpg', description: {} }).kind).toBe('invalid');
    refused({ kind: 'photo', url: '/media/m1/a.webp', thumbnailUrl: 'javascript:alert(1)', description: {} });
    refused({ kind: 'video', url: 'https://example.com/a.mp4', description: {} });
    refused({ kind: 'audio', url: 'https://example.com/song.mp3', description: {} });
    const soundCloud: VendorMediaItem = { kind: 'audio', url: 'https://soundcloud.com/artist/first-dance', description: { en: 'First dance' } };
    spec(vendorDecider).given([created]).when(add(owner, soundCloud)).then([added(soundCloud)]);
    const youtube: VendorMediaItem = { kind: 'youtube', youtubeId: 'dQw4w9WgXcQ', description: {} };
    spec(vendorDecider).given([created]).when(add(owner, youtube)).then([added(youtube)]);
    const video: VendorMediaItem = { kind: 'video', url: '/media/v1/show.mp4', description: {} };
    const state = spec(vendorDecider).given([created, added(video)]).state;
    expect(state.status !== 'absent' && state.profile.videoFiles).toEqual([{ url: '/media/v1/show.mp4', description: {} }]);
  });
  it('removes a present item; a missing one is not found', () => {
    const removed: VendorEvent = { type: 'VendorMediaRemoved', data: { vendorId: 'vendor-1', kind: 'photo', key: photo(1).url, at: later } };
    spec(vendorDecider).given([created, added(photo(1)), added(photo(2))]).when(remove(owner, photo(1).url)).then([removed]);
    expect(photosOf([created, added(photo(1)), added(photo(2)), removed])).toEqual([photo(2).url]);
    expect(spec(vendorDecider).given([created, added(photo(1)), removed]).when(remove(owner, photo(1).url)).thenRefused('vendor.media-not-found').kind).toBe('not_found');
    spec(vendorDecider).given([created, added(photo(1))]).when(remove(owner, photo(1).url, 'video')).thenRefused('vendor.media-not-found');
  });
  it('a new order is a permutation of the list: every item once, nothing else', () => {
    const given = [created, added(photo(1)), added(photo(2)), added(photo(3))];
    const order = [photo(3).url, photo(1).url, photo(2).url];
    const reorderedEvent: VendorEvent = { type: 'VendorMediaReordered', data: { vendorId: 'vendor-1', kind: 'photo', keys: order, at: later } };
    spec(vendorDecider).given(given).when(reorder(owner, order)).then([reorderedEvent]);
    expect(photosOf([...given, reorderedEvent])).toEqual(order);
    for (const bad of [urls(2), [...urls(3), photo(4).url], [photo(1).url, photo(1).url, photo(2).url], [photo(1).url, photo(2).url, photo(4).url]]) {
      spec(vendorDecider).given(given).when(reorder(owner, bad)).thenRefused('vendor.media-not-a-permutation');
    }
    spec(vendorDecider).given(given).when(reorder(owner, urls(3))).then([]);
  });
  it('an archived artist changes nothing, a missing one is not found', () => {
    spec(vendorDecider).given([created, archived]).when(add(owner, photo(1))).thenRefused('vendor.archived');
    spec(vendorDecider).given([]).when(add(admin, photo(1))).thenRefused('vendor.not-found');
  });
  it('a profile saved with keepMedia keeps the lists as they are now (a form opened before an upload drops nothing)', () => {
    const edited: VendorProfile = { ...profile, intro: { he: 'חדש' }, images: [] };
    const command: VendorCommand = { type: 'UpdateVendorProfile', actor: owner, at: later, vendorId: 'vendor-1', profile: edited, keepMedia: true };
    spec(vendorDecider).given([created, added(photo(1))]).when(command).then([{
      type: 'VendorProfileUpdated',
      data: { vendorId: 'vendor-1', profile: { ...edited, images: [{ url: photo(1).url, thumbnailUrl: photo(1).thumbnailUrl, description: {} }] }, at: later },
    }]);
  });
});

describe('media captions in Hebrew and English (issue 22 item 7)', () => {
  const describeItem = (actor: Actor, key: string, description: unknown, kind: 'photo' | 'audio' | 'youtube' | 'video' = 'photo'): VendorCommand =>
    DescribeVendorMedia.parse({ type: 'DescribeVendorMedia', actor, at: later, vendorId: 'vendor-1', kind, key, description });
  const described = (key: string, description: { he?: string; en?: string }, kind: 'photo' | 'audio' | 'youtube' | 'video' = 'photo'): VendorEvent =>
    ({ type: 'VendorMediaDescribed', data: { vendorId: 'vendor-1', kind, key, description, at: later } });
  const bilingual = { he: 'הלהקה על הבמה בחתונה', en: 'The band on stage at a wedding' };

  it('the owner or an admin writes a caption in both languages; the item keeps its place and its files', () => {
    spec(vendorDecider).given([created, added(photo(1)), added(photo(2))]).when(describeItem(owner, photo(2).url, bilingual)).then([described(photo(2).url, bilingual)]);
    spec(vendorDecider).given([created, added(photo(1))]).when(describeItem(admin, photo(1).url, bilingual)).then([described(photo(1).url, bilingual)]);
    const state = spec(vendorDecider).given([created, added(photo(1)), added(photo(2)), described(photo(2).url, bilingual)]).state;
    expect(state.status !== 'absent' && state.profile.images).toEqual([
      { url: photo(1).url, thumbnailUrl: photo(1).thumbnailUrl, description: {} },
      { url: photo(2).url, thumbnailUrl: photo(2).thumbnailUrl, description: bilingual },
    ]);
  });
  it('either language may be empty, and emptying both clears the caption', () => {
    const given = [created, added(photo(1)), described(photo(1).url, bilingual)];
    spec(vendorDecider).given(given).when(describeItem(owner, photo(1).url, { he: '  ', en: 'Only English' })).then([described(photo(1).url, { en: 'Only English' })]);
    spec(vendorDecider).given(given).when(describeItem(owner, photo(1).url, {})).then([described(photo(1).url, {})]);
  });
  it('the same caption again changes nothing', () => {
    spec(vendorDecider).given([created, added(photo(1)), described(photo(1).url, bilingual)]).when(describeItem(owner, photo(1).url, { ...bilingual, en: ` ${bilingual.en} ` })).then([]);
  });
  it('a caption of audio, a YouTube video and a video file', () => {
    const youtube: VendorMediaItem = { kind: 'youtube', youtubeId: 'dQw4w9WgXcQ', description: {} };
    const video: VendorMediaItem = { kind: 'video', url: '/media/v1/show.mp4', description: {} };
    spec(vendorDecider).given([created, added(youtube)]).when(describeItem(owner, 'dQw4w9WgXcQ', bilingual, 'youtube')).then([described('dQw4w9WgXcQ', bilingual, 'youtube')]);
    const state = spec(vendorDecider).given([created, added(video), described(video.url, bilingual, 'video')]).state;
    expect(state.status !== 'absent' && state.profile.videoFiles).toEqual([{ url: video.url, description: bilingual }]);
  });
  it('a plain string from an older client is the caption in the language of its script', () => {
    spec(vendorDecider).given([created, added(photo(1))]).when(describeItem(owner, photo(1).url, 'רוקדים עד הבוקר')).then([described(photo(1).url, { he: 'רוקדים עד הבוקר' })]);
    spec(vendorDecider).given([created, added(photo(1))]).when(describeItem(owner, photo(1).url, 'Dancing till dawn')).then([described(photo(1).url, { en: 'Dancing till dawn' })]);
  });
  it('a missing item is not found; another artist, a plain user and a guest are refused; an archived artist changes nothing', () => {
    expect(spec(vendorDecider).given([created, added(photo(1))]).when(describeItem(owner, photo(2).url, bilingual)).thenRefused('vendor.media-not-found').kind).toBe('not_found');
    spec(vendorDecider).given([created, added(photo(1))]).when(describeItem(owner, photo(1).url, bilingual, 'video')).thenRefused('vendor.media-not-found');
    for (const actor of [otherVendor, plainUser, guest]) {
      spec(vendorDecider).given([created, added(photo(1))]).when(describeItem(actor, photo(1).url, bilingual)).thenRefused('vendor.forbidden');
    }
    spec(vendorDecider).given([created, added(photo(1)), archived]).when(describeItem(owner, photo(1).url, bilingual)).thenRefused('vendor.archived');
  });
  it('a caption longer than 500 characters in either language is refused', () => {
    expect(DescribeVendorMedia.safeParse({ type: 'DescribeVendorMedia', actor: owner, at: later, vendorId: 'vendor-1', kind: 'photo', key: photo(1).url, description: { en: 'x'.repeat(501) } }).success).toBe(false);
  });
  it('events recorded when a caption was one text read as that text in the language of its script', () => {
    const recorded = [
      VendorEvent.parse({
        type: 'VendorCreated',
        data: { vendorId: 'vendor-1', ownerUserId: null, at, profile: { ...profile, images: [{ url: '/media/a/a.webp', description: 'הלהקה על הבמה' }], videos: [{ youtubeId: 'dQw4w9WgXcQ', description: '' }] } },
      }),
      VendorEvent.parse({ type: 'VendorMediaAdded', data: { vendorId: 'vendor-1', media: { kind: 'audio', url: 'https://soundcloud.com/a/first-dance', description: 'First dance' }, at } }),
      VendorEvent.parse({ type: 'VendorMediaAdded', data: { vendorId: 'vendor-1', media: { kind: 'video', url: '/media/v/v.mp4' }, at } }),
    ];
    const { state } = spec(vendorDecider).given(recorded);
    if (state.status === 'absent') throw new Error('absent');
    expect(state.profile.images).toEqual([{ url: '/media/a/a.webp', description: { he: 'הלהקה על הבמה' } }]);
    expect(state.profile.videos).toEqual([{ youtubeId: 'dQw4w9WgXcQ', description: {} }]);
    expect(state.profile.audio).toEqual([{ url: 'https://soundcloud.com/a/first-dance', description: { en: 'First dance' } }]);
    expect(state.profile.videoFiles).toEqual([{ url: '/media/v/v.mp4', description: {} }]);
  });
});

describe('media links', () => {
  it('YouTube links in every shape give the id', () => {
    for (const link of ['https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=42', 'youtu.be/dQw4w9WgXcQ', 'https://m.youtube.com/shorts/dQw4w9WgXcQ', 'dQw4w9WgXcQ']) {
      expect(youtubeIdOfLink(link)).toBe('dQw4w9WgXcQ');
    }
    expect(youtubeIdOfLink('https://vimeo.com/123456')).toBeNull();
  });
  it('SoundCloud tracks and playlists, normalized; anything else is null', () => {
    expect(soundCloudUrlOf('https://soundcloud.com/dana-levi/first-dance?si=abc#x')).toBe('https://soundcloud.com/dana-levi/first-dance');
    expect(soundCloudUrlOf('m.soundcloud.com/dana-levi/sets/weddings')).toBe('https://soundcloud.com/dana-levi/sets/weddings');
    expect(soundCloudUrlOf('https://on.soundcloud.com/AbC123')).toBe('https://on.soundcloud.com/AbC123');
    for (const bad of ['https://soundcloud.com/dana-levi', 'https://evil.com/soundcloud.com/a/b', 'javascript:alert(1)', 'https://soundcloud.com.evil.com/a/b', 'https://user:pw@soundcloud.com/a/b']) {
      expect(soundCloudUrlOf(bad)).toBeNull();
    }
  });
  it('isPermutation counts each key', () => {
    expect(isPermutation(['a', 'b'], ['b', 'a'])).toBe(true);
    expect(isPermutation(['a', 'b'], ['a', 'a'])).toBe(false);
  });
});
