import { useEffect, useId, useRef, useState } from 'react';
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useTranslation } from 'react-i18next';
import { isLinkTarget, pageLink } from '@pagelog/contracts/blocks/link-target';
import { Modal } from '../../../components/modal/modal';
import { chosenPageOf } from '../state/chosen-page';
import { isLivePage, PagePicker } from './page-picker';
import { usePagesById } from './use-pages-by-id';

export interface RichTextEditorProps {
  /** The HTML the field holds. */
  value: string;
  onChange: (html: string) => void;
  onBlur: () => void;
  /** The id of the field's label: the editable area is named by it. */
  labelId: string;
  describedBy?: string;
  invalid?: boolean;
  disabled?: boolean;
}

/**
 * Rich text as an editor sees it (TipTap on ProseMirror): paragraphs, headings 2–4, bold,
 * italic, bulleted and numbered lists, quotations and links, from a toolbar or the usual keys
 * (Ctrl/Cmd+B, I, Z). Whatever is pasted, from Word or a web page, is read into these and nothing
 * else, so the HTML it answers is always well formed: an unclosed tag cannot happen here.
 * Loaded on first use (it is most of a block form's weight).
 */
export default function RichTextEditor({ value, onChange, onBlur, labelId, describedBy, invalid, disabled }: RichTextEditorProps) {
  const [linking, setLinking] = useState<{ href: string } | null>(null);
  /** The HTML the editor last sent up (or was given). */
  const emitted = useRef(value);
  /**
   * The value as the editor writes it, until the editor sends something up: an update that only
   * rewrites the stored HTML the editor's way (attribute order, an empty paragraph) is not an edit,
   * and must not mark the page unsaved (nor autosave it).
   */
  const untouched = useRef<string | null>(null);
  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        heading: { levels: [2, 3, 4] },
        code: false,
        codeBlock: false,
        horizontalRule: false,
        strike: false,
        underline: false,
        link: {
          openOnClick: false,
          autolink: true,
          // The one link rule of the product (pages by id, paths on this site, #anchors, http(s), mailto and tel).
          isAllowedUri: (url) => isLinkTarget(url),
          HTMLAttributes: { rel: null, target: null },
        },
      }),
    ],
    content: value,
    editable: !disabled,
    // Under the admin's CSP (style-src 'self') an injected <style> is refused: styles.css has what it needs.
    injectCSS: false,
    editorProps: {
      // Headings a block cannot hold are read as the nearest it can: a pasted title (h1) as h2, h5
      // and h6 as h4, rather than as paragraphs. Everything else the schema reads or drops.
      transformPastedHTML: (html) => html.replace(/<(\/?)h1\b/gi, '<$1h2').replace(/<(\/?)h[56]\b/gi, '<$1h4'),
      attributes: {
        class: 'rich-text__content',
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': labelId,
        ...(describedBy ? { 'aria-describedby': describedBy } : {}),
        ...(invalid ? { 'aria-invalid': 'true' } : {}),
      },
    },
    onCreate: ({ editor: current }) => {
      untouched.current = current.isEmpty ? '' : current.getHTML();
    },
    onUpdate: ({ editor: current }) => {
      const html = current.isEmpty ? '' : current.getHTML();
      if (untouched.current !== null && html === untouched.current) return;
      untouched.current = null;
      emitted.current = html;
      onChange(emitted.current);
    },
    onBlur: () => onBlur(),
  });

  useEffect(() => {
    editor?.setEditable(!disabled);
  }, [editor, disabled]);

  // The field's value replaced from outside (a draft restored): the editor takes it. The value
  // coming back from our own onChange is not that: the editor may be keystrokes ahead of it by
  // then, and setting it would drop them.
  useEffect(() => {
    if (!editor || value === emitted.current) return;
    emitted.current = value;
    editor.commands.setContent(value, { emitUpdate: false });
    untouched.current = editor.isEmpty ? '' : editor.getHTML();
  }, [editor, value]);

  if (!editor) return null;
  return (
    <div className={`rich-text${invalid ? ' is-invalid' : ''}`}>
      <Toolbar editor={editor} disabled={disabled} onLink={() => setLinking({ href: (editor.getAttributes('link').href as string | undefined) ?? '' })} />
      <EditorContent editor={editor} />
      {linking && (
        <LinkModal
          initial={linking.href}
          onClose={() => {
            setLinking(null);
            editor.commands.focus();
          }}
          onSubmit={(href, title) => {
            const chain = editor.chain().focus().extendMarkRange('link');
            if (href === '') chain.unsetLink().run();
            // Nothing selected and no link here: the link goes in as its page's title (or its address).
            else if (editor.state.selection.empty && !editor.isActive('link')) chain.insertContent({ type: 'text', text: title ?? href, marks: [{ type: 'link', attrs: { href } }] }).run();
            else chain.setLink({ href }).run();
            setLinking(null);
          }}
        />
      )}
    </div>
  );
}

type BlockStyle = 'paragraph' | 'h2' | 'h3' | 'h4';

function Toolbar({ editor, disabled, onLink }: { editor: Editor; disabled?: boolean; onLink: () => void }) {
  const { t } = useTranslation();
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      style: (e.isActive('heading', { level: 2 }) ? 'h2' : e.isActive('heading', { level: 3 }) ? 'h3' : e.isActive('heading', { level: 4 }) ? 'h4' : 'paragraph') as BlockStyle,
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      bulletList: e.isActive('bulletList'),
      orderedList: e.isActive('orderedList'),
      blockquote: e.isActive('blockquote'),
      link: e.isActive('link'),
      canUndo: e.can().undo(),
      canRedo: e.can().redo(),
    }),
  });
  const styleId = useId();
  const setStyle = (style: BlockStyle) => {
    const chain = editor.chain().focus();
    if (style === 'paragraph') chain.setParagraph().run();
    else chain.setHeading({ level: Number(style.slice(1)) as 2 | 3 | 4 }).run();
  };
  const toggle = (name: 'bold' | 'italic' | 'bulletList' | 'orderedList' | 'blockquote', pressed: boolean, label: string, run: () => void) => (
    <button type="button" className="rich-text__button" aria-pressed={pressed} disabled={disabled} onClick={run} title={label}>
      {t(`pages.editor.richText.${name}Short`)}
      <span className="visually-hidden">{label}</span>
    </button>
  );
  return (
    <div
      className="rich-text__toolbar"
      role="toolbar"
      aria-label={t('pages.editor.richText.toolbar')}
      // A click on a button keeps the focus (and the selection) in the text, so typing goes on there
      // at once; the style select is left to take focus as selects do.
      onMouseDown={(event) => {
        if ((event.target as HTMLElement).closest('button')) event.preventDefault();
      }}
    >
      <label className="visually-hidden" htmlFor={styleId}>
        {t('pages.editor.richText.style')}
      </label>
      <select id={styleId} className="rich-text__style" value={state.style} disabled={disabled} onChange={(event) => setStyle(event.target.value as BlockStyle)}>
        <option value="paragraph">{t('pages.editor.richText.paragraph')}</option>
        <option value="h2">{t('pages.editor.richText.heading', { level: 2 })}</option>
        <option value="h3">{t('pages.editor.richText.heading', { level: 3 })}</option>
        <option value="h4">{t('pages.editor.richText.heading', { level: 4 })}</option>
      </select>
      {toggle('bold', state.bold, t('pages.editor.richText.bold'), () => editor.chain().focus().toggleBold().run())}
      {toggle('italic', state.italic, t('pages.editor.richText.italic'), () => editor.chain().focus().toggleItalic().run())}
      {toggle('bulletList', state.bulletList, t('pages.editor.richText.bulletList'), () => editor.chain().focus().toggleBulletList().run())}
      {toggle('orderedList', state.orderedList, t('pages.editor.richText.orderedList'), () => editor.chain().focus().toggleOrderedList().run())}
      {toggle('blockquote', state.blockquote, t('pages.editor.richText.blockquote'), () => editor.chain().focus().toggleBlockquote().run())}
      <button type="button" className="rich-text__button" aria-pressed={state.link} disabled={disabled} onClick={onLink}>
        {t('pages.editor.richText.link')}
      </button>
      <button type="button" className="rich-text__button" disabled={disabled || !state.canUndo} onClick={() => editor.chain().focus().undo().run()}>
        {t('pages.editor.richText.undo')}
      </button>
      <button type="button" className="rich-text__button" disabled={disabled || !state.canRedo} onClick={() => editor.chain().focus().redo().run()}>
        {t('pages.editor.richText.redo')}
      </button>
    </div>
  );
}

/**
 * The address of a link: typed (a path on this site, an #anchor, a full URL, mailto: or tel:) or
 * a page found by its title or slug, kept by its id (`page:<id>`, so the link follows the page
 * when it moves; an anchor may be added after it). An empty address removes the link.
 */
function LinkModal({ initial, onClose, onSubmit }: { initial: string; onClose: () => void; onSubmit: (href: string, title?: string) => void }) {
  const { t } = useTranslation();
  const formId = useId();
  const addressId = useId();
  const errorId = useId();
  const pageId = useId();
  const [href, setHref] = useState(initial);
  // The page picked from the search, while the address is still its link.
  const [picked, setPicked] = useState<{ href: string; title: string } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const chosen = chosenPageOf(href);
  const { pages, loading } = usePagesById(chosen ? [chosen.pageId] : []);
  const page = chosen ? pages.get(chosen.pageId) : undefined;

  const submit = () => {
    const address = href.trim();
    if (address !== '' && !isLinkTarget(address)) {
      setError(t('pages.editor.richText.linkInvalid'));
      return;
    }
    onSubmit(address, picked?.href === address ? picked.title : undefined);
  };

  return (
    <Modal
      title={t('pages.editor.richText.linkTitle')}
      onClose={onClose}
      buttons={[
        { text: t('pages.editor.richText.cancel'), theme: 'grey', onClick: onClose },
        { text: t('pages.editor.richText.linkApply'), theme: 'orange', form: formId },
      ]}
    >
      <form
        id={formId}
        className="form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <div className="field">
          <label className="field__label" htmlFor={addressId}>
            {t('pages.editor.richText.linkAddress')}
          </label>
          <input
            id={addressId}
            className="field__input"
            type="text"
            inputMode="url"
            autoComplete="off"
            spellCheck={false}
            value={href}
            aria-invalid={error ? true : undefined}
            aria-describedby={[error ? errorId : '', chosen ? pageId : ''].filter(Boolean).join(' ') || undefined}
            onChange={(event) => {
              setHref(event.target.value);
              setError(null);
            }}
          />
          {error && (
            <p id={errorId} className="field__error">
              {error}
            </p>
          )}
          {chosen && (
            <p id={pageId} className="form__hint">
              {page
                ? t('pages.editor.richText.linkPage', { title: page.title, path: page.path })
                : loading
                  ? t('pages.editor.linkField.loading')
                  : t('pages.editor.linkField.gone')}{' '}
              {page && !isLivePage(page) && <span className="badge badge--not-published">{t('pages.editor.pagePicker.notPublished')}</span>}
            </p>
          )}
          <p className="form__hint">{t('pages.editor.richText.linkHint')}</p>
        </div>
        <div className="field">
          <PagePicker
            label={t('pages.editor.richText.linkSearch')}
            pickLabel={(found) => t('pages.editor.richText.linkToPage', { title: found.title })}
            onPick={(found) => {
              const link = pageLink(found.id);
              setHref(link);
              setPicked({ href: link, title: found.title });
              setError(null);
            }}
          />
        </div>
      </form>
    </Modal>
  );
}
