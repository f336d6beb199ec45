import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { anchorPattern } from '@pagelog/contracts/blocks/anchors';
import { messageFor } from '@pagelog/contracts/error-catalogue';
import { pageType } from '@pagelog/contracts/pages/page-types';
import { publicPath } from '@pagelog/contracts/slugs';
import { useErrorCollection } from '../../../core/errors/error-store-context';
import { useSiteSettings } from '../../../core/settings/site-settings';
import { sameProperty } from '../../../components/form-field/field-frame';
import { slugChanged } from '../state/editor-state';
import { usePageEditor } from '../state/page-editor-context';
import { normalisedSlug } from '../state/slug-availability';
import { formFieldsOf } from '../state/schema-form-fields';
import { AnchorField } from './anchor-field';
import { PageTagsField } from './page-tags-field';
import { SchemaForm } from './schema-form';
import { SlugField } from './slug-field';
import { SourceText, SourceValues, useShownSource } from './source-text';
import { useSlugAvailability } from './use-slug-availability';

/**
 * Page Settings: the version's title, anchor and type data (saved into the draft, published with
 * it), and the page's slug (checked live; a new slug can take internal links along, and the old
 * address redirects). `slugLocked`: the page is live and the user may not publish, so may not
 * move it. Tags, for the page types that carry them, sit beside the slug: like it they apply at
 * once, with a save of their own.
 */
export function PageSettingsPanel({ readOnly, slugLocked = false }: { readOnly: boolean; slugLocked?: boolean }) {
  const { t } = useTranslation();
  const { editor, page, showAllErrors, actions } = usePageEditor();
  const source = useShownSource();
  const settings = useSiteSettings();
  const errors = useErrorCollection('page-editor');
  const titleId = useId();
  const titleHintId = useId();
  const linksId = useId();
  const linksHintId = useId();
  const slug = editor.settings.slug;
  const savedSlug = editor.saved.settings.slug;
  const check = useSlugAvailability(slug, page.locale, { pageID: page.id, skip: normalisedSlug(slug) === savedSlug });

  const invalid = (property: string) => errors.some((error) => sameProperty(error.property, property));
  const type = pageType(page.type);
  const typeFields = type ? formFieldsOf(type.typeData) : [];
  const anchor = editor.settings.anchor;
  const anchorProblem = anchor.trim() !== '' && !anchorPattern.test(anchor.trim()) ? messageFor('V_12', 'anchor') : null;
  const oldPath = page.path || publicPath(page.locale, savedSlug, settings?.defaultLocale ?? page.locale);

  return (
    <div className="form form--wide">
      <div className="field">
        <label className="field__label" htmlFor={titleId}>
          {t('pages.editor.pageSettings.title')}
        </label>
        <input
          id={titleId}
          className="field__input"
          value={editor.content.title}
          disabled={readOnly}
          aria-invalid={invalid('title') || editor.content.title.trim() === '' || undefined}
          aria-describedby={titleHintId}
          onChange={(event) => actions.dispatch({ type: 'setTitle', title: event.target.value })}
        />
        <p id={titleHintId} className="form__hint">
          {t('pages.editor.pageSettings.titleHint')}
        </p>
        <SourceText text={source?.content.title ?? ''} />
      </div>

      <SlugField
        label={t('pages.editor.pageSettings.slug')}
        value={slug}
        check={check}
        disabled={readOnly || slugLocked}
        hint={slugLocked ? t('pages.editor.pageSettings.slugLocked') : undefined}
        invalid={invalid('slug')}
        onChange={(event) => actions.dispatch({ type: 'setSlug', slug: event.target.value })}
      />
      {slugChanged(editor) && (
        <div className="field field--checkbox">
          <div className="checkbox">
            <input
              id={linksId}
              type="checkbox"
              checked={editor.shouldUpdateLinks}
              disabled={readOnly}
              aria-describedby={linksHintId}
              onChange={(event) => actions.dispatch({ type: 'setShouldUpdateLinks', value: event.target.checked })}
            />
            <label htmlFor={linksId}>{t('pages.editor.pageSettings.updateLinks')}</label>
          </div>
          <p id={linksHintId} className="form__hint">
            {t('pages.editor.pageSettings.updateLinksHint')} {t('pages.editor.pageSettings.redirectNote', { path: oldPath })}
          </p>
        </div>
      )}

      {type?.tags && <PageTagsField />}

      <AnchorField
        label={t('pages.editor.pageSettings.anchor')}
        hint={t('pages.editor.pageSettings.anchorHint')}
        value={anchor}
        problem={anchorProblem}
        invalid={invalid('anchor')}
        disabled={readOnly}
        onChange={(value) => actions.dispatch({ type: 'setPageAnchor', anchor: value })}
      />

      {type && typeFields.length > 0 && (
        <fieldset className="form__group">
          <legend>{t('pages.editor.pageSettings.typeData')}</legend>
          <p className="form__hint">{t('pages.editor.pageSettings.typeDataHint')}</p>
          <SourceValues values={source?.typeData}>
            <SchemaForm
              key={`${type.id}-${editor.formGeneration}`}
              schema={type.typeData}
              values={editor.settings.typeData}
              locale={page.locale}
              disabled={readOnly}
              showAllErrors={showAllErrors}
              onChange={(typeData) => actions.dispatch({ type: 'setTypeData', typeData })}
            />
          </SourceValues>
        </fieldset>
      )}
    </div>
  );
}
