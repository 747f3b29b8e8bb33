import type { VendorEvent, VendorProfile } from './events.ts';
import { keyOfItem, listOfKind, reordered, type VendorMediaKind } from './media.ts';

// How a media event changes the profile's lists: the one fold the decider and the vendor page's
// view both use, so the page shows what the decider decided on.
type MediaEvent = Extract<VendorEvent, { type: 'VendorMediaAdded' | 'VendorMediaRemoved' | 'VendorMediaReordered' | 'VendorMediaDescribed' }>;

export const isMediaEvent = (event: VendorEvent | { type: string }): event is MediaEvent =>
  event.type === 'VendorMediaAdded' || event.type === 'VendorMediaRemoved' || event.type === 'VendorMediaReordered' || event.type === 'VendorMediaDescribed';

type Keyed = { url: string } | { youtubeId: string };

/** The items of one kind in the profile. */
export function mediaOfKind(profile: VendorProfile, kind: VendorMediaKind): Keyed[] {
  const list = listOfKind[kind];
  return list === 'videoFiles' ? (profile.videoFiles ?? []) : profile[list];
}

export function profileAfterMedia(profile: VendorProfile, event: MediaEvent): VendorProfile {
  const kind = event.type === 'VendorMediaAdded' ? event.data.media.kind : event.data.kind;
  const list = listOfKind[kind];
  const items = mediaOfKind(profile, kind);
  let next: Keyed[];
  switch (event.type) {
    case 'VendorMediaAdded': {
      const { kind: _kind, ...item } = event.data.media;
      next = [...items, item];
      break;
    }
    case 'VendorMediaRemoved': {
      const at = items.findIndex((item) => keyOfItem(item) === event.data.key);
      next = at < 0 ? items : [...items.slice(0, at), ...items.slice(at + 1)];
      break;
    }
    case 'VendorMediaReordered':
      next = reordered(items, event.data.keys);
      break;
    case 'VendorMediaDescribed': {
      const { key, description } = event.data;
      next = items.map((item) => (keyOfItem(item) === key ? { ...item, description } : item));
      break;
    }
  }
  return { ...profile, [list]: next } as VendorProfile;
}
