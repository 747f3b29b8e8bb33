import { useState } from 'react';
import { useTranslation } from 'react-i18next';

// A YouTube video that loads nothing from YouTube until the visitor asks to play it.
export function YouTubeVideo(props: { youtubeId: string; description: string }) {
  const { t } = useTranslation();
  const [playing, setPlaying] = useState(false);
  if (playing) {
    return (
      <iframe className="video-frame" src={`https://www.youtube-nocookie.com/embed/${props.youtubeId}?autoplay=1`} title={props.description || t('vendor.video')}
        allow="autoplay; encrypted-media; picture-in-picture" allowFullScreen />
    );
  }
  return (
    <button type="button" className="video-placeholder" onClick={() => setPlaying(true)} aria-label={t('vendor.playVideo', { title: props.description })}>
      <span className="play-icon" aria-hidden="true">▶</span>
      <span>{props.description || t('vendor.video')}</span>
    </button>
  );
}
