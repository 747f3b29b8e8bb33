import { useState } from 'react';
import { useTranslation } from '../i18n/use-translation.ts';
import { isSoundCloudUrl } from '../../domain/vendor/media-links.ts';
import { tr } from '../app/format.ts';
import { useLocale } from '../app/links.tsx';
import type { Text } from '../api/view-models.ts';
import { Translated } from './translated.tsx';

// The artist's photos, uploaded videos and audio on the public page (issue 22 item 5). A photo shows
// its thumbnail (the display size for photos linked before uploads had thumbnails) and opens the
// display size; an uploaded video or audio file plays in the browser's own player (the files are
// served with ranges, so it seeks); a SoundCloud link loads SoundCloud's player only once the
// visitor asks to play it, as YouTube videos do (web/components/youtube-video.tsx). A caption is
// shown in the page's language, the other language standing in, marked, only where it is missing
// (issue 22 item 7); the alt text and player labels read the same caption.

export function PhotoGallery(props: { name: string; images: { url: string; thumbnailUrl?: string; description: Text }[] }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const count = props.images.length;
  return (
    <ul className="photo-gallery" data-testid="vendor-photos">
      {props.images.map((image, index) => (
        <li key={image.url}>
          <figure>
            <a href={image.url} target="_blank" rel="noopener" aria-label={t('vendorPageMedia.openPhoto', { number: index + 1, count })} data-testid="vendor-photo">
              <img src={image.thumbnailUrl ?? image.url} alt={tr(image.description, locale) || t('vendorPageMedia.photoAlt', { name: props.name, number: index + 1 })}
                loading="lazy" decoding="async" width={400} height={400} />
            </a>
            <Translated as="figcaption" value={image.description} testId="vendor-photo-caption" />
          </figure>
        </li>
      ))}
    </ul>
  );
}

export function VideoFiles(props: { name: string; videos: { url: string; description: Text }[] }) {
  const { t } = useTranslation();
  const locale = useLocale();
  return (
    <>
      {props.videos.map((video, index) => (
        <figure key={video.url} className="video-file">
          <video controls preload="metadata" src={video.url} aria-label={tr(video.description, locale) || t('vendorPageMedia.videoFile', { name: props.name, number: index + 1 })} data-testid="vendor-video-file" />
          <Translated as="figcaption" value={video.description} testId="vendor-video-caption" />
        </figure>
      ))}
    </>
  );
}

export function AudioTracks(props: { name: string; tracks: { url: string; description: Text }[] }) {
  const { t } = useTranslation();
  const locale = useLocale();
  return (
    <>
      {props.tracks.map((track, index) => (
        <figure key={track.url} className="audio">
          <Translated as="figcaption" value={track.description} testId="vendor-audio-caption" />
          {isSoundCloudUrl(track.url)
            ? <SoundCloudTrack url={track.url} title={tr(track.description, locale) || t('vendorPageMedia.soundCloudTrack')} />
            : <audio controls preload="none" src={track.url} aria-label={tr(track.description, locale) || t('vendorPageMedia.audioTrack', { name: props.name, number: index + 1 })} />}
        </figure>
      ))}
    </>
  );
}

function SoundCloudTrack(props: { url: string; title: string }) {
  const { t } = useTranslation();
  const [playing, setPlaying] = useState(false);
  if (playing) {
    const src = `https://w.soundcloud.com/player/?${new URLSearchParams({ url: props.url, auto_play: 'true', visual: 'false', show_comments: 'false' })}`;
    return <iframe className="soundcloud-frame" src={src} title={props.title} allow="autoplay" />;
  }
  return (
    <button type="button" className="soundcloud-placeholder" onClick={() => setPlaying(true)} data-testid="soundcloud-play">
      <span className="play-icon" aria-hidden="true">▶</span>
      <span>{t('vendorPageMedia.playSoundCloud', { title: props.title })}</span>
    </button>
  );
}
