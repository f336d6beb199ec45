import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { sameProperty } from '../../../components/form-field/text-field';
import { useErrorCollection } from '../../../core/errors/error-store-context';
import { usePageEditorState, usePageEditorStore } from '../state/page-editor-context';
import { formatKeywords, parseKeywords, seoImageOf } from '../state/seo-keywords';

/** SEO Settings of the version: title, description, keywords (one comma-separated line) and one image. */
export function SeoSettingsPanel({ readOnly }: { readOnly: boolean }) {
  const { t } = useTranslation();
  const store = usePageEditorStore();
  const { editor } = usePageEditorState();
  const errors = useErrorCollection('page-editor');
  const ids = { title: useId(), titleHint: useId(), description: useId(), keywords: useId(), keywordsHint: useId(), image: useId(), imageHint: useId() };
  // The line as typed ("onderzoek, "), which the parsed list alone could not give back.
  const [keywordText, setKeywordText] = useState(() => formatKeywords(editor?.content.seoKeywords ?? []));
  if (!editor) return null;
  const { content } = editor;
  const invalid = (property: string) => errors.some((error) => sameProperty(error.property, property)) || undefined;

  return (
    <div className="form form--wide">
      <div className="field">
        <label className="field__label" htmlFor={ids.title}>
          {t('pages.editor.seo.seoTitle')}
        </label>
        <input
          id={ids.title}
          className="field__input"
          value={content.seoTitle}
          disabled={readOnly}
          aria-invalid={invalid('seoTitle')}
          aria-describedby={ids.titleHint}
          onChange={(event) => store.dispatch({ type: 'setSeo', field: 'seoTitle', value: event.target.value })}
        />
        <p id={ids.titleHint} className="form__hint">
          {t('pages.editor.seo.seoTitleHint')}
        </p>
      </div>
      <div className="field">
        <label className="field__label" htmlFor={ids.description}>
          {t('pages.editor.seo.seoDescription')}
        </label>
        <textarea
          id={ids.description}
          className="field__input"
          rows={4}
          value={content.seoDescription}
          disabled={readOnly}
          aria-invalid={invalid('seoDescription')}
          onChange={(event) => store.dispatch({ type: 'setSeo', field: 'seoDescription', value: event.target.value })}
        />
      </div>
      <div className="field">
        <label className="field__label" htmlFor={ids.keywords}>
          {t('pages.editor.seo.seoKeywords')}
        </label>
        <input
          id={ids.keywords}
          className="field__input"
          value={keywordText}
          disabled={readOnly}
          aria-invalid={invalid('seoKeywords')}
          aria-describedby={ids.keywordsHint}
          onChange={(event) => {
            setKeywordText(event.target.value);
            store.dispatch({ type: 'setSeoKeywords', keywords: parseKeywords(event.target.value) });
          }}
          onBlur={() => setKeywordText(formatKeywords(content.seoKeywords))}
        />
        <p id={ids.keywordsHint} className="form__hint">
          {t('pages.editor.seo.seoKeywordsHint')}
        </p>
      </div>
      <div className="field">
        <label className="field__label" htmlFor={ids.image}>
          {t('pages.editor.seo.seoImage')}
        </label>
        <input
          id={ids.image}
          className="field__input"
          inputMode="url"
          autoComplete="off"
          spellCheck={false}
          value={content.seoImage[0] ?? ''}
          disabled={readOnly}
          aria-invalid={invalid('seoImage')}
          aria-describedby={ids.imageHint}
          onChange={(event) => store.dispatch({ type: 'setSeoImage', image: seoImageOf(event.target.value) })}
        />
        <p id={ids.imageHint} className="form__hint">
          {t('pages.editor.seo.seoImageHint')}
        </p>
      </div>
    </div>
  );
}
