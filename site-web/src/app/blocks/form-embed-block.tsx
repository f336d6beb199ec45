import type { Block } from '@pagelog/contracts/blocks/block';
import { maxLengthOf, textIn, type FormField } from '@pagelog/contracts/forms/form-fields';
import { fieldsOf, forms, HONEYPOT_FIELD, isFormId, PRIVACY_NOTICE, STARTED_FIELD, type FormDefinition } from '@pagelog/contracts/forms/forms';
import { useFormPost, type FormPostState } from '../forms/form-post';
import { DOWNLOAD_READY, type DownloadLink } from '@pagelog/contracts/forms/gated-download';
import { islandRoot } from '../islands/island-root';
import type { BlockContext } from './block-component';
import { text } from './prop-text';

/** The hidden fields a form posts beside its own (without JavaScript): which form, which block, which page. */
export const FORM_POST_FIELDS = { form: '_form', block: '_block', page: '_page', locale: '_locale' } as const;

/** What the form island (client/islands/form.ts) needs besides the markup. */
export interface FormIslandProps {
  form: string;
  locale: string;
  pageId: string;
  /** The settings' thank-you text; '' for the form's own. */
  thankYou: string;
}

/** The ids of a form's parts on the page, made from the block's key (unique on its page). */
export function formIds(blockKey: string) {
  const base = `form-${blockKey}`;
  return {
    base,
    title: `${base}-title`,
    summary: `${base}-summary`,
    thanks: `${base}-thanks`,
    field: (name: string) => `${base}-${name}`,
    hint: (name: string) => `${base}-${name}-hint`,
    error: (name: string) => `${base}-${name}-error`,
  };
}

type Ids = ReturnType<typeof formIds>;

const optional = (locale: string) => (locale.toLowerCase().startsWith('nl') ? '(optioneel)' : '(optional)');

function Label({ field, ids, locale, as = 'label' }: { field: FormField; ids: Ids; locale: string; as?: 'label' | 'legend' }) {
  const content = (
    <>
      {textIn(field.label, locale)}
      {!field.required && field.kind !== 'checkbox' ? <span className="block-form__optional"> {optional(locale)}</span> : null}
    </>
  );
  return as === 'legend' ? <legend className="block-form__label">{content}</legend> : <label className="block-form__label" htmlFor={ids.field(field.name)}>{content}</label>;
}

function Hint({ field, ids, locale }: { field: FormField; ids: Ids; locale: string }) {
  return field.hint ? (
    <p className="block-form__hint" id={ids.hint(field.name)}>
      {textIn(field.hint, locale)}
    </p>
  ) : null;
}

/** Where the field's refusal is written (by the island, or by the server for a form sent without JavaScript). */
function ErrorSlot({ field, ids, error }: { field: FormField; ids: Ids; error: string | undefined }) {
  return error ? (
    <p className="block-form__error" id={ids.error(field.name)}>
      {error}
    </p>
  ) : (
    <p className="block-form__error" id={ids.error(field.name)} hidden />
  );
}

/** A posted value as text, and as the list of options chosen. */
const postedText = (post: FormPostState | null, name: string): string => {
  const value = post?.values[name];
  return Array.isArray(value) ? (value[0] ?? '') : (value ?? '');
};
const postedList = (post: FormPostState | null, name: string): string[] => {
  const value = post?.values[name];
  return Array.isArray(value) ? value : value === undefined ? [] : [value];
};

function Field({ field, ids, locale, post }: { field: FormField; ids: Ids; locale: string; post: FormPostState | null }) {
  const id = ids.field(field.name);
  const error = post?.fieldErrors[field.name];
  const describedBy = [field.hint ? ids.hint(field.name) : '', error ? ids.error(field.name) : ''].filter((part) => part !== '').join(' ') || undefined;
  const common = { id, name: field.name, 'aria-describedby': describedBy, required: field.required, ...(error ? { 'aria-invalid': true as const } : {}) };
  const slot = <ErrorSlot field={field} ids={ids} error={error} />;
  const text = postedText(post, field.name);
  switch (field.kind) {
    case 'checkbox':
      return (
        <div className="block-form__field block-form__field--check" data-field={field.name}>
          <input type="checkbox" {...common} defaultChecked={post !== null && text !== ''} />
          <Label field={field} ids={ids} locale={locale} />
          <Hint field={field} ids={ids} locale={locale} />
          {slot}
        </div>
      );
    case 'choices':
      return (
        <fieldset className="block-form__field block-form__field--choices" data-field={field.name} aria-describedby={describedBy} {...(error ? { 'aria-invalid': true } : {})}>
          <Label field={field} ids={ids} locale={locale} as="legend" />
          <Hint field={field} ids={ids} locale={locale} />
          {(field.options ?? []).map((option) => (
            <div className="block-form__choice" key={option.value}>
              <input type="checkbox" id={`${id}-${option.value}`} name={field.name} value={option.value} defaultChecked={postedList(post, field.name).includes(option.value)} />
              <label htmlFor={`${id}-${option.value}`}>{textIn(option.label, locale)}</label>
            </div>
          ))}
          {slot}
        </fieldset>
      );
    case 'choice':
      return (
        <div className="block-form__field" data-field={field.name}>
          <Label field={field} ids={ids} locale={locale} />
          <Hint field={field} ids={ids} locale={locale} />
          <select {...common} defaultValue={text}>
            <option value="">{locale.toLowerCase().startsWith('nl') ? 'Maak een keuze' : 'Choose'}</option>
            {(field.options ?? []).map((option) => (
              <option key={option.value} value={option.value}>
                {textIn(option.label, locale)}
              </option>
            ))}
          </select>
          {slot}
        </div>
      );
    case 'textarea':
      return (
        <div className="block-form__field" data-field={field.name}>
          <Label field={field} ids={ids} locale={locale} />
          <Hint field={field} ids={ids} locale={locale} />
          <textarea {...common} rows={6} maxLength={maxLengthOf(field)} defaultValue={text} />
          {slot}
        </div>
      );
    default: {
      const type = field.kind === 'email' ? 'email' : field.kind === 'phone' ? 'tel' : field.kind === 'date' ? 'date' : 'text';
      return (
        <div className="block-form__field" data-field={field.name}>
          <Label field={field} ids={ids} locale={locale} />
          <Hint field={field} ids={ids} locale={locale} />
          <input type={type} {...common} autoComplete={field.autocomplete} maxLength={field.kind === 'date' ? undefined : maxLengthOf(field)} defaultValue={text} />
          {slot}
        </div>
      );
    }
  }
}

/** The link to the page's file after a download form (the island writes the same with JavaScript). */
function DownloadReady({ link, locale }: { link: DownloadLink; locale: string }) {
  return (
    <p className="block-form__download">
      {`${textIn(DOWNLOAD_READY, locale)} `}
      <a className="button button--primary block-form__download-link" href={link.url} download={link.fileName}>
        {link.fileName}
      </a>
    </p>
  );
}

/** What a public form shows: the form, where its ids come from, its texts, and a no-JavaScript answer to show. */
export interface PublicFormProps {
  form: FormDefinition;
  /** Unique on the page: the block's key, or the popup's own. */
  idBase: string;
  locale: string;
  pageId: string;
  headingLevel: 2 | 3;
  title: string;
  intro: string;
  /** The thank-you text shown (the settings' or the form's own). */
  thankYou: string;
  /** The settings' thank-you text for the island; '' for the form's own. */
  settingsThankYou: string;
  /** The button's text; the form's own without it. */
  submitLabel?: string;
  post: FormPostState | null;
  /**
   * Whether the page starts the form's island itself. The newsletter popup does not: it starts
   * the form when it opens (client/islands/newsletter-popup-dialog.ts).
   */
  island: boolean;
  className?: string;
}

/**
 * A public form as the site renders it, from its one declaration (contracts/src/forms/forms.ts):
 * a heading, the intro, each field with its label, hint and a place for its refusal, a hidden
 * field people never fill in (the honeypot), the privacy notice and the button; the refusals
 * and the input of a form sent without JavaScript written in, or the thank-you text in the
 * form's place.
 */
export function PublicForm({ form, idBase, locale, pageId, headingLevel, title, intro, thankYou, settingsThankYou, submitLabel, post, island, className }: PublicFormProps) {
  const ids = formIds(idBase);
  const Heading = `h${headingLevel}` as 'h2' | 'h3';
  const props: FormIslandProps = { form: form.id, locale, pageId, thankYou: settingsThankYou };
  return (
    <section id={ids.base} className={className ?? 'block block-form'} aria-labelledby={ids.title} {...(island ? islandRoot('form', { ...props }) : { 'data-form-props': JSON.stringify(props) })}>
      <Heading id={ids.title} className="block-form__title">
        {title}
      </Heading>
      <p className="block-form__intro" id={`${ids.base}-intro`}>
        {intro}
      </p>
      <form className="block-form__form" method="post" noValidate aria-labelledby={ids.title} hidden={post?.outcome === 'accepted'}>
        {post && post.outcome !== 'accepted' ? (
          <div className="block-form__summary" id={ids.summary} role="alert" tabIndex={-1}>
            {post.summary}
          </div>
        ) : (
          <div className="block-form__summary" id={ids.summary} role="alert" tabIndex={-1} hidden />
        )}
        <input type="hidden" name={FORM_POST_FIELDS.form} value={form.id} />
        <input type="hidden" name={FORM_POST_FIELDS.block} value={idBase} />
        <input type="hidden" name={FORM_POST_FIELDS.page} value={pageId} />
        <input type="hidden" name={FORM_POST_FIELDS.locale} value={locale} />
        <input type="hidden" name={STARTED_FIELD} value={post ? String(post.shownAt) : ''} />
        <div className="block-form__trap" aria-hidden="true">
          <label htmlFor={ids.field(HONEYPOT_FIELD)}>Website</label>
          <input type="text" id={ids.field(HONEYPOT_FIELD)} name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" />
        </div>
        {fieldsOf(form).map((field) => (
          <Field key={field.name} field={field} ids={ids} locale={locale} post={post} />
        ))}
        <p className="block-form__privacy">{textIn(PRIVACY_NOTICE, locale)}</p>
        <button type="submit" className="button button--primary block-form__submit">
          {submitLabel ?? textIn(form.submit, locale)}
        </button>
      </form>
      {post?.outcome === 'accepted' ? (
        <div className="block-form__thanks" id={ids.thanks} role="status" tabIndex={-1}>
          <p>{thankYou}</p>
          {post.download && <DownloadReady link={post.download} locale={locale} />}
        </div>
      ) : (
        <div className="block-form__thanks" id={ids.thanks} role="status" tabIndex={-1} hidden />
      )}
    </section>
  );
}

/**
 * A public form placed on the page (contracts' block type `formEmbed`, issue 16): a heading (the
 * block's title or the form's) and the form (PublicForm). The same for every visitor, so the page
 * stays in the render cache; the form island validates with the server's own schema, links each
 * refusal to its field and sends the form with the visitor's CSRF token. Without JavaScript the
 * form posts to its page, which answers (uncached) with the refusals written in and linked, the
 * input kept, or the thank-you text in the form's place. The newsletter popup's form is the
 * popup's (newsletter-popup.tsx), never a block.
 */
export function FormEmbedBlock({ block, context }: { block: Block; context: BlockContext }) {
  const formId = block.props.form;
  const post = useFormPost(block.key);
  if (!isFormId(formId) || formId === 'newsletterPopup') return null;
  const form: FormDefinition = forms[formId];
  const { locale } = context;
  // The texts of the form's settings, put in by the server (prepare-page); the form's own without them.
  return (
    <PublicForm
      form={form}
      idBase={block.key}
      locale={locale}
      pageId={context.pageID}
      headingLevel={Math.min(context.subheadingLevel(block), 3) as 2 | 3}
      title={text(block.props.title) || textIn(form.title, locale)}
      intro={text(block.props.settingsIntro) || textIn(form.intro, locale)}
      thankYou={text(block.props.settingsThankYou) || textIn(form.thankYou, locale)}
      settingsThankYou={text(block.props.settingsThankYou)}
      post={post}
      island
    />
  );
}
