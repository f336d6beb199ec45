import type { ReactNode } from 'react';
import { useField, useFormikContext } from 'formik';
import { sameProperty, useErrorsGoOnChange } from '../../../components/form-field/field-frame';
import { TextField } from '../../../components/form-field/text-field';
import type { ErrorCollectionName } from '../../../core/errors/error-store';
import { useErrorCollection } from '../../../core/errors/error-store-context';
import { slugFollowsTitle, suggestChildSlug } from '../state/slug-suggestion';
import { SlugField } from './slug-field';
import { useSlugAvailability } from './use-slug-availability';

interface TitleAndSlugFieldsProps {
  titleLabel: string;
  slugLabel: string;
  slugHint?: ReactNode;
  /** The collection whose errors mark the fields invalid. */
  errorCollection: ErrorCollectionName;
  /** What the slug starts with for a page under a parent (`expertise/`); the suggestion follows it. */
  slugPrefix?: string;
}

/**
 * A new page's title and slug, in a Formik form whose values hold `title`, `slug` and `locale`:
 * the slug follows the title until the user types one of their own, and is checked live in the
 * form's locale.
 */
export function TitleAndSlugFields({ titleLabel, slugLabel, slugHint, errorCollection, slugPrefix = '' }: TitleAndSlugFieldsProps) {
  const { values, setFieldValue } = useFormikContext<{ title: string; slug: string; locale: string }>();
  const [slug] = useField<string>('slug');
  const errors = useErrorCollection(errorCollection);
  useErrorsGoOnChange(slug.value, errorCollection, 'slug');
  const check = useSlugAvailability(slug.value, values.locale, { skip: slug.value === '' || slug.value === slugPrefix });
  return (
    <>
      <TextField
        name="title"
        label={titleLabel}
        errorCollection={errorCollection}
        autoComplete="off"
        autoFocus
        onChange={(event) => {
          if (slugFollowsTitle(values.slug, values.title, slugPrefix)) void setFieldValue('slug', suggestChildSlug(event.target.value, slugPrefix) || slugPrefix);
        }}
      />
      <SlugField
        {...slug}
        label={slugLabel}
        hint={slugHint}
        check={check}
        invalid={errors.some((error) => sameProperty(error.property, 'slug'))}
      />
    </>
  );
}
