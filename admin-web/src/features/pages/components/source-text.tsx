import { createContext, useContext, type ReactNode } from 'react';
import { getIn } from 'formik';
import { useTranslation } from 'react-i18next';
import { interfaceLanguage } from '@pagelog/contracts/locales';
import { plainText } from '../state/translation-source';
import type { TranslationSource } from '../state/use-translation-source';

/** The source of the translation being edited while its text is shown; null otherwise. */
const ShownSource = createContext<TranslationSource | null>(null);

/** The source's values for the fields of a schema form (a block's props, the page's type data). */
const SourceFieldValues = createContext<Record<string, unknown> | null>(null);

/** Widgets whose values are text to translate. */
const textWidgets: ReadonlySet<string> = new Set(['text', 'textarea', 'html']);

export function ShownSourceProvider({ source, children }: { source: TranslationSource | null; children: ReactNode }) {
  return <ShownSource.Provider value={source}>{children}</ShownSource.Provider>;
}

/** The source being shown, if any. */
export function useShownSource(): TranslationSource | null {
  return useContext(ShownSource);
}

/** Gives the schema form inside the source's values for its fields (none: nothing to show). */
export function SourceValues({ values, children }: { values: Record<string, unknown> | null | undefined; children: ReactNode }) {
  return <SourceFieldValues.Provider value={values ?? null}>{children}</SourceFieldValues.Provider>;
}

/**
 * The source's text of a field, muted and read-only under it: "Source (Nederlands): …", in the
 * source's language. Nothing while no source is shown or the source has no text there.
 */
export function SourceText({ text }: { text: string }) {
  const { t } = useTranslation();
  const source = useContext(ShownSource);
  if (!source || text.trim() === '') return null;
  return (
    <p className="source-text">
      <span className="source-text__label">{t('pages.editor.source.label', { language: source.language })}</span>{' '}
      <span lang={interfaceLanguage(source.locale)}>{text}</span>
    </p>
  );
}

/** SourceText for a field of a schema form, by its name (`title`, `items.1.question`). */
export function SourceOfField({ name, widget }: { name: string; widget: string }) {
  const values = useContext(SourceFieldValues);
  if (!values || !textWidgets.has(widget)) return null;
  const value: unknown = getIn(values, name);
  if (typeof value !== 'string') return null;
  return <SourceText text={widget === 'html' ? plainText(value) : value} />;
}
