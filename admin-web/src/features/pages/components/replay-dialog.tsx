import { useEffect, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { blockType } from '@pagelog/contracts/blocks/block-types';
import type { ReplayState } from '@pagelog/contracts/pages/version-diff';
import { Modal } from '../../../components/modal/modal';
import { useApi } from '../../../core/api/api-context';
import { formatDateTime } from '../../../core/format/date-time';
import { pageQueries } from '../api/page-queries';
import { blockText } from './version-comparison';

const PLAY_EVERY_MS = 1_500;

/** A version as the replay shows it: its title and each block's type and words. */
function VersionOutline({ version, label }: { version: NonNullable<ReplayState['draft']>; label: string }) {
  return (
    <section className="replay__version" aria-label={label}>
      <h4 className="replay__version-title">
        {label}: {version.title}
      </h4>
      <ol className="replay__blocks">
        {version.blocks.map((block) => (
          <li key={block.key}>
            <strong>{blockType(block.type)?.label ?? block.type}</strong> {blockText(block)}
          </li>
        ))}
      </ol>
    </section>
  );
}

/**
 * Replaying a page (issue 17): its events one by one, oldest first, with who took each step, when,
 * and what they wrote, and the page as it was right after it (its address, its draft and the
 * version live then), folded from its own events. Step back and forth, or play them.
 */
export function ReplayDialog({ pageId, onClose, startAt }: { pageId: string; onClose: () => void; startAt?: number }) {
  const { t } = useTranslation();
  const api = useApi();
  const steps = useQuery(pageQueries.replay(api, pageId));
  const list = steps.data ?? [];
  const [index, setIndex] = useState(0);
  const [playing, setPlaying] = useState(false);
  const [started, setStarted] = useState(startAt === undefined);
  // Opened at an event (from the audit log): its step, or the last one before it, once the steps are read.
  useEffect(() => {
    if (started || list.length === 0) return;
    const at = list.findLastIndex((s) => s.position <= startAt!);
    setIndex(Math.max(at, 0));
    setStarted(true);
  }, [started, list, startAt]);
  const step = list[index];
  const state = useQuery({ ...pageQueries.replayState(api, pageId, step?.revision ?? 1), enabled: step !== undefined, placeholderData: keepPreviousData });

  useEffect(() => {
    if (!playing) return;
    if (index >= list.length - 1) {
      setPlaying(false);
      return;
    }
    const timer = setTimeout(() => setIndex((i) => Math.min(i + 1, list.length - 1)), PLAY_EVERY_MS);
    return () => clearTimeout(timer);
  }, [playing, index, list.length]);

  const shown = state.data;
  return (
    <Modal onClose={onClose} title={t('pages.replay.title')} size="large" buttons={[{ text: t('pages.compare.close'), theme: 'grey', onClick: onClose }]}>
      {steps.isPending && <p>{t('pages.replay.loading')}</p>}
      {steps.isError && <p role="alert">{t('pages.replay.failed')}</p>}
      {step && (
        <div className="replay">
          <div className="replay__controls">
            <button type="button" className="button button--grey button--small" onClick={() => setIndex((i) => Math.max(i - 1, 0))} disabled={index === 0}>
              {t('pages.replay.previous')}
            </button>
            <button type="button" className="button button--grey button--small" onClick={() => setPlaying((p) => !p)} disabled={index >= list.length - 1 && !playing}>
              {playing ? t('pages.replay.pause') : t('pages.replay.play')}
            </button>
            <button type="button" className="button button--grey button--small" onClick={() => setIndex((i) => Math.min(i + 1, list.length - 1))} disabled={index >= list.length - 1}>
              {t('pages.replay.next')}
            </button>
            <label className="replay__slider">
              <span className="visually-hidden">{t('pages.replay.step')}</span>
              <input type="range" min={1} max={list.length} value={index + 1} onChange={(e) => setIndex(Number(e.target.value) - 1)} />
            </label>
          </div>
          <p className="replay__where" role="status">
            {t('pages.replay.stepOf', { n: index + 1, count: list.length })}: {step.actorName} {step.summary} ({formatDateTime(step.occurredAt)})
          </p>
          {step.text !== '' && <blockquote className="replay__text">{step.text}</blockquote>}
          {shown && shown.step.revision === step.revision && (
            <div className="replay__page">
              <p className="replay__slug">
                {t('pages.replay.address')}: <code>/{shown.slug}</code>
              </p>
              {shown.draft && <VersionOutline version={shown.draft} label={t('pages.replay.draft')} />}
              {shown.live ? <VersionOutline version={shown.live} label={t('pages.replay.live')} /> : <p>{t('pages.replay.notLive')}</p>}
            </div>
          )}
        </div>
      )}
    </Modal>
  );
}
