import { Formik } from 'formik';
import { useTranslation } from 'react-i18next';
import { TextAreaField } from '../../../components/form-field/text-area-field';
import { TextField } from '../../../components/form-field/text-field';
import { usePageEditor } from '../state/page-editor-context';
import { formatKeywords, parseKeywords } from '../state/seo-keywords';
import { SeoImageField } from './seo-image-field';
import { SourceText, useShownSource } from './source-text';

/**
 * SEO Settings of the version: title, description, keywords (one comma-separated line) and one
 * image from the media library. Every change goes to the editor at once; the form starts again from the editor's content
 * when that is replaced (the panel is keyed by its formGeneration).
 */
export function SeoSettingsPanel({ readOnly }: { readOnly: boolean }) {
  const { t } = useTranslation();
  const { editor, actions } = usePageEditor();
  const source = useShownSource();
  const { content } = editor;
  const initialValues = {
    seoTitle: content.seoTitle,
    seoDescription: content.seoDescription,
    // The line as typed ("onderzoek, "), which the parsed list alone could not give back.
    seoKeywords: formatKeywords(content.seoKeywords),
  };

  const common = { errorCollection: 'page-editor', disabled: readOnly } as const;

  return (
    <Formik initialValues={initialValues} onSubmit={() => {}}>
      {({ setFieldValue }) => (
        <div className="form form--wide">
          <TextField
            {...common}
            name="seoTitle"
            label={t('pages.editor.seo.seoTitle')}
            hint={t('pages.editor.seo.seoTitleHint')}
            onChange={(event) => actions.dispatch({ type: 'setSeo', field: 'seoTitle', value: event.target.value })}
          />
          <SourceText text={source?.content.seoTitle ?? ''} />
          <TextAreaField
            {...common}
            name="seoDescription"
            label={t('pages.editor.seo.seoDescription')}
            onChange={(event) => actions.dispatch({ type: 'setSeo', field: 'seoDescription', value: event.target.value })}
          />
          <SourceText text={source?.content.seoDescription ?? ''} />
          <TextField
            {...common}
            name="seoKeywords"
            label={t('pages.editor.seo.seoKeywords')}
            hint={t('pages.editor.seo.seoKeywordsHint')}
            onChange={(event) => actions.dispatch({ type: 'setSeoKeywords', keywords: parseKeywords(event.target.value) })}
            onBlur={() => void setFieldValue('seoKeywords', formatKeywords(content.seoKeywords))}
          />
          <SourceText text={formatKeywords(source?.content.seoKeywords ?? [])} />
          <SeoImageField value={content.seoImage} readOnly={readOnly} onChange={(image) => actions.dispatch({ type: 'setSeoImage', image })} />
        </div>
      )}
    </Formik>
  );
}
