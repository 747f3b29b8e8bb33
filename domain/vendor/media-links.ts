// The links an artist pastes for its page (issue 22 item 5): YouTube videos and SoundCloud tracks or
// playlists. No zod here: the browser's media editor names what a pasted link is as it is typed.

const YOUTUBE_ID = /^[A-Za-z0-9_-]{6,20}$/;

const YOUTUBE_HOSTS = new Set(['youtube.com', 'www.youtube.com', 'm.youtube.com', 'music.youtube.com', 'youtube-nocookie.com', 'www.youtube-nocookie.com']);

function urlOf(input: string): URL | null {
  const value = input.trim();
  try {
    return new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(value) ? value : `https://${value}`);
  } catch {
    return null;
  }
}

/** The video id of a YouTube link in any of its shapes (watch, youtu.be, shorts, embed, live), or a bare id; else null. */
export function youtubeIdOfLink(input: string): string | null {
  const value = input.trim();
  if (YOUTUBE_ID.test(value)) return value;
  const url = urlOf(value);
  if (!url) return null;
  const host = url.hostname.toLowerCase();
  const segments = url.pathname.split('/').filter(Boolean);
  let id: string | null | undefined = null;
  if (host === 'youtu.be' || host === 'www.youtu.be') id = segments[0];
  else if (YOUTUBE_HOSTS.has(host)) {
    if (segments[0] === 'watch') id = url.searchParams.get('v');
    else if (['embed', 'shorts', 'live', 'v', 'e'].includes(segments[0] ?? '')) id = segments[1];
  }
  return id && YOUTUBE_ID.test(id) ? id : null;
}

const SOUNDCLOUD_SEGMENT = /^[A-Za-z0-9_-]{1,100}$/;

/**
 * A SoundCloud track or playlist link as `https://soundcloud.com/<artist>/<track>` (or
 * `…/sets/<playlist>`; www, m and on.soundcloud.com short links too), without query or fragment; else null.
 */
export function soundCloudUrlOf(input: string): string | null {
  const url = urlOf(input);
  if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:') || url.username || url.password) return null;
  const host = url.hostname.toLowerCase();
  const segments = url.pathname.split('/').filter(Boolean);
  if (!segments.every((segment) => SOUNDCLOUD_SEGMENT.test(segment))) return null;
  if (host === 'on.soundcloud.com') return segments.length === 1 ? `https://on.soundcloud.com/${segments[0]}` : null;
  if (host !== 'soundcloud.com' && host !== 'www.soundcloud.com' && host !== 'm.soundcloud.com') return null;
  const track = segments.length === 2 && segments[1] !== 'sets';
  const playlist = segments.length === 3 && segments[1] === 'sets';
  return track || playlist ? `https://soundcloud.com/${segments.join('/')}` : null;
}

export const isSoundCloudUrl = (url: string): boolean => soundCloudUrlOf(url) === url;

