// Vendors paste YouTube links in every shape (watch, youtu.be, shorts, embed, live, mobile, with
// timestamps and playlists); the profile stores only the video id (domain/vendor: 6 to 20 of
// A-Z a-z 0-9 _ -). Anything else is not a YouTube video and gives null.
const VIDEO_ID = /^[A-Za-z0-9_-]{6,20}$/;
const HOSTS = new Set(['youtube.com', 'www.youtube.com', 'm.youtube.com', 'music.youtube.com', 'youtube-nocookie.com', 'www.youtube-nocookie.com']);

export function youtubeIdOf(input: string): string | null {
  const value = input.trim();
  if (VIDEO_ID.test(value)) return value;
  let url: URL;
  try {
    url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(value) ? value : `https://${value}`);
  } catch {
    return null;
  }
  const host = url.hostname.toLowerCase();
  const segments = url.pathname.split('/').filter(Boolean);
  let id: string | null | undefined = null;
  if (host === 'youtu.be' || host === 'www.youtu.be') id = segments[0];
  else if (HOSTS.has(host)) {
    if (segments[0] === 'watch') id = url.searchParams.get('v');
    else if (['embed', 'shorts', 'live', 'v', 'e'].includes(segments[0] ?? '')) id = segments[1];
  }
  return id && VIDEO_ID.test(id) ? id : null;
}
