import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePageEditor } from '../state/page-editor-context';
import { usePagesApi } from '../state/use-pages-api';

/** How long typing pauses before the preview is rendered again. */
export const PREVIEW_DELAY_MS = 600;
/** Where the public site renders a sealed draft (site-web's preview route). */
const PREVIEW_PATH = '/_preview';
/** The widths the page is laid out at: a phone's, and a desktop's (scaled down to fit the panel). */
const LAYOUT_WIDTH = { phone: 390, desktop: 1280 } as const;
/** The height of the shown frame, in screen pixels. */
const SHOWN_HEIGHT = 640;

type Width = 'phone' | 'desktop';

/**
 * The page as the public site will show it, beside the form: the draft on screen (saved or not)
 * is sealed by the API a moment after typing stops and rendered by the site itself, with its own
 * components and styles, in a frame at phone or desktop width. "Open in a new tab" shows the same
 * preview full-page. Nothing is saved or published by it.
 */
export function LivePreview() {
  const { t } = useTranslation();
  const pages = usePagesApi();
  const { page, editor } = usePageEditor();
  const [open, setOpen] = useState(false);
  const [width, setWidth] = useState<Width>('desktop');
  const [token, setToken] = useState<string | null>(null);
  const [state, setState] = useState<'idle' | 'updating' | 'failed'>('idle');
  const frameName = `pagelog-preview-${useId().replace(/[^a-zA-Z0-9]/g, '')}`;
  const frameFormRef = useRef<HTMLFormElement>(null);
  const boxRef = useRef<HTMLDivElement>(null);
  const [boxWidth, setBoxWidth] = useState(0);
  const tabFormRef = useRef<HTMLFormElement>(null);
  const { content } = editor;
  const { typeData } = editor.settings;

  // The draft sealed again once typing pauses; the newest answer wins.
  useEffect(() => {
    if (!open) return;
    let current = true;
    setState('updating');
    const timer = setTimeout(() => {
      void pages.preview(page.id, { ...content, typeData }).then((reply) => {
        if (!current) return;
        if (reply.Success && reply.data) {
          setToken(reply.data.token);
          setState('idle');
        } else {
          setState('failed');
        }
      });
    }, PREVIEW_DELAY_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [open, pages, page.id, content, typeData]);

  // The panel's width, to lay the page out at a desktop's width and scale it down to fit.
  useEffect(() => {
    const box = boxRef.current;
    if (!open || !box || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => setBoxWidth(entry?.contentRect.width ?? 0));
    observer.observe(box);
    return () => observer.disconnect();
  }, [open]);
  const layoutWidth = LAYOUT_WIDTH[width];
  const scale = boxWidth > 0 ? Math.min(1, boxWidth / layoutWidth) : 1;

  // Each new token is posted into the frame.
  useEffect(() => {
    if (token !== null) frameFormRef.current?.submit();
  }, [token]);

  return (
    <section className="area live-preview" aria-labelledby={`${frameName}-title`}>
      <div className="live-preview__bar">
        <h2 id={`${frameName}-title`} className="area__title">
          {t('pages.editor.preview.title')}
        </h2>
        <button type="button" className="button button--grey button--small" aria-expanded={open} onClick={() => setOpen(!open)}>
          {open ? t('pages.editor.preview.hide') : t('pages.editor.preview.show')}
        </button>
      </div>
      {open && (
        <>
          <div className="live-preview__bar">
            <fieldset className="live-preview__widths">
              <legend className="visually-hidden">{t('pages.editor.preview.width')}</legend>
              {(['phone', 'desktop'] as const).map((option) => (
                <label key={option} className="live-preview__width">
                  <input type="radio" name={`${frameName}-width`} value={option} checked={width === option} onChange={() => setWidth(option)} />
                  {t(`pages.editor.preview.${option}`)}
                </label>
              ))}
            </fieldset>
            <button type="button" className="button button--grey button--small" disabled={token === null} onClick={() => tabFormRef.current?.submit()}>
              {t('pages.editor.preview.newTab')}
            </button>
            <span className="live-preview__state" role="status">
              {state === 'updating' ? t('pages.editor.preview.updating') : state === 'failed' ? t('pages.editor.preview.failed') : ''}
            </span>
          </div>
          <div ref={boxRef} className={`live-preview__frame live-preview__frame--${width}`} style={{ height: SHOWN_HEIGHT }}>
            <iframe
              name={frameName}
              title={t('pages.editor.preview.frame')}
              style={{ width: layoutWidth, height: SHOWN_HEIGHT / scale, transform: `scale(${scale})`, transformOrigin: '0 0' }}
            />
          </div>
          <form ref={frameFormRef} method="post" action={PREVIEW_PATH} target={frameName} hidden>
            <input type="hidden" name="token" value={token ?? ''} readOnly />
          </form>
          <form ref={tabFormRef} method="post" action={PREVIEW_PATH} target="_blank" hidden>
            <input type="hidden" name="token" value={token ?? ''} readOnly />
          </form>
        </>
      )}
    </section>
  );
}
