import { useState } from 'react';
import { useTranslation } from '../i18n/use-translation.ts';
import { tr } from '../app/format.ts';
import { useLocale } from '../app/links.tsx';
import type { Text } from '../api/view-models.ts';
import { Translated } from './translated.tsx';

// A YouTube video that loads nothing from YouTube until the visitor asks to play it. Its caption is in
// the page's language, or the other one marked (web/components/translated.tsx).
export function YouTubeVideo(props: { youtubeId: string; description: Text }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const [playing, setPlaying] = useState(false);
  const title = tr(props.description, locale);
  if (playing) {
    return (
      <iframe className="video-frame" src={`https://www.youtube-nocookie.com/embed/${props.youtubeId}?autoplay=1`} title={title || t('vendor.video')}
        allow="autoplay; encrypted-media; picture-in-picture" allowFullScreen />
    );
  }
  return (
    <button type="button" className="video-placeholder" onClick={() => setPlaying(true)} aria-label={t('vendor.playVideo', { title })}>
      <span className="play-icon" aria-hidden="true">▶</span>
      {title ? <Translated value={props.description} testId="vendor-youtube-caption" /> : <span>{t('vendor.video')}</span>}
    </button>
  );
}
