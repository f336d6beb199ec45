import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MediaItemView } from '@pagelog/contracts/media/media';
import { MediaPicker } from '../../../components/media-picker/media-picker';

/** The props of a video block that name a library video: provider, id, title and link. */
export function videoPropsOf(item: MediaItemView): { provider: string; videoId: string; title: string; link: string } {
  return { provider: item.kind, videoId: item.videoId ?? '', title: item.fileName, link: item.link ?? '' };
}

/**
 * "Choose a video from the library" for a video block: the picker shows the library's YouTube
 * and Vimeo items, and the chosen one fills the block's fields (which stay editable).
 */
export function VideoFromLibrary({ onChoose }: { onChoose: (props: ReturnType<typeof videoPropsOf>) => void }) {
  const { t } = useTranslation();
  const [picking, setPicking] = useState(false);
  const [chosen, setChosen] = useState('');
  return (
    <div className="block-media block-media--video">
      <button type="button" className="button button--grey button--small" onClick={() => setPicking(true)}>
        {t('pages.editor.media.chooseVideo')}
      </button>
      <p className="visually-hidden" role="status">
        {chosen && t('pages.editor.media.videoChosen', { name: chosen })}
      </p>
      {picking && (
        <MediaPicker
          mode="video"
          onChoose={(item) => {
            if (item.kind !== 'youtube' && item.kind !== 'vimeo') return;
            onChoose(videoPropsOf(item));
            setChosen(item.fileName);
            setPicking(false);
          }}
          onClose={() => setPicking(false)}
        />
      )}
    </div>
  );
}
