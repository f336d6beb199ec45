import { useEffect, useId, useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { publicPath } from '@pagelog/contracts/slugs';
import { ErrorList } from '../../../components/error-list/error-list';
import { Modal } from '../../../components/modal/modal';
import { useApi } from '../../../core/api/api-context';
import { useErrorStore } from '../../../core/errors/error-store-context';
import { movedSlug, moveRefusal, type MoveRefusal } from '../state/move-rules';
import { descendantIds, matchesTerm, normaliseTerm, type SiteTree } from '../state/site-tree';

/** At most this many parents are listed at once; a search narrows them down. */
export const MAX_CANDIDATES = 100;

/** The choice "no parent": the top level of a locale without a home page. */
const TOP_LEVEL = '';

export interface MovedPage {
  pageID: string;
  title: string;
  slug: string;
  path: string;
  /** How many pages below it moved along. */
  subpages: number;
}

interface MovePageDialogProps {
  tree: SiteTree;
  pageId: string;
  locale: string;
  defaultLocale: string;
  onClose: () => void;
  onMoved: (page: MovedPage) => void;
}

/**
 * Moves a page under another parent: a slug change through the page's own settings save (PUT
 * /page/{id}/save), which keeps the old address as a redirect and takes the links in other pages'
 * drafts along. The page itself and the pages below it cannot be its new parent. The pages below
 * it move along unless the editor unticks that (withSubpages: one command moves them all, or none
 * when one of their new addresses is taken).
 */
export function MovePageDialog({ tree, pageId, locale, defaultLocale, onClose, onMoved }: MovePageDialogProps) {
  const { t } = useTranslation();
  const api = useApi();
  const errors = useErrorStore();
  const formId = useId();
  const searchId = useId();
  const [term, setTerm] = useState('');
  const [choice, setChoice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [withSubpages, setWithSubpages] = useState(true);
  const page = tree.byId.get(pageId)!;
  const below = useMemo(() => descendantIds(tree, pageId), [tree, pageId]);
  const hasTopLevel = !tree.nodes.some((node) => node.slug === 'home');

  useEffect(() => {
    errors.clear('site-structure');
    return () => errors.clear('site-structure');
  }, [errors]);

  const normalised = normaliseTerm(term);
  const matching = useMemo(() => (normalised === '' ? tree.nodes : tree.nodes.filter((node) => matchesTerm(node, normalised))), [tree, normalised]);
  const shown = matching.slice(0, MAX_CANDIDATES);
  const parentId = choice === null ? undefined : choice === TOP_LEVEL ? null : choice;
  const newSlug = parentId === undefined ? null : movedSlug(tree, pageId, parentId);
  const refusalOf = (id: string | null): MoveRefusal | null => moveRefusal(tree, pageId, id, below);

  async function move(event: FormEvent) {
    event.preventDefault();
    if (parentId === undefined || newSlug === null || refusalOf(parentId) !== null || busy) return;
    errors.clear('site-structure');
    setBusy(true);
    try {
      // No revision: the move is decided on the page as it is now (another editor's content
      // change meanwhile is no reason to refuse it); the command side claims the new slug.
      const reply = await api.call('pageSave', { params: { id: pageId }, body: { slug: newSlug, shouldUpdateLinks: true, withSubpages: below.size > 0 && withSubpages } });
      if (!reply.Success || !reply.data) {
        errors.set('site-structure', reply.Errors);
        return;
      }
      onMoved({ pageID: pageId, title: page.title, slug: reply.data.slug, path: publicPath(locale, reply.data.slug, defaultLocale), subpages: reply.data.subpagesMoved.length });
    } finally {
      setBusy(false);
    }
  }

  const note = (refusal: MoveRefusal | null) => (refusal === null ? null : <span className="move-choice__note">{t(`siteStructure.move.note.${refusal}`)}</span>);

  return (
    <Modal
      title={t('siteStructure.move.title', { title: page.title || page.slug })}
      size="large"
      onClose={onClose}
      buttons={[
        { text: t('siteStructure.move.cancel'), theme: 'grey', onClick: onClose },
        { text: busy ? t('siteStructure.move.moving') : t('siteStructure.move.submit'), theme: 'orange', form: formId, disabled: busy || newSlug === null },
      ]}
    >
      <form id={formId} className="move-dialog" onSubmit={(event) => void move(event)} noValidate>
        <p>{t('siteStructure.move.intro')}</p>
        {below.size > 0 && (
          <>
            <label className="checkbox">
              <input type="checkbox" checked={withSubpages} onChange={(event) => setWithSubpages(event.target.checked)} />
              {t('siteStructure.move.withSubpages', { count: below.size })}
            </label>
            {!withSubpages && <p className="notice">{t('siteStructure.move.children', { count: below.size })}</p>}
          </>
        )}
        <ErrorList collection="site-structure" />
        <div className="field">
          <label className="field__label" htmlFor={searchId}>
            {t('siteStructure.move.search')}
          </label>
          <input id={searchId} className="field__input" type="search" value={term} autoComplete="off" autoFocus onChange={(event) => setTerm(event.target.value)}
            // Enter in the search narrows the list; it does not move the page.
            onKeyDown={(event) => {
              if (event.key === 'Enter') event.preventDefault();
            }}
          />
        </div>
        <fieldset className="move-dialog__choices">
          <legend>{t('siteStructure.move.candidates')}</legend>
          <div className="move-dialog__list">
            {hasTopLevel && normalised === '' && (
              <label className="move-choice">
                <input type="radio" name="parent" value={TOP_LEVEL} checked={choice === TOP_LEVEL} disabled={refusalOf(null) !== null} onChange={() => setChoice(TOP_LEVEL)} />
                <span className="move-choice__title">{t('siteStructure.move.topLevel')}</span>
                {note(refusalOf(null))}
              </label>
            )}
            {shown.map((node) => {
              const refusal = refusalOf(node.pageID);
              return (
                <label key={node.pageID} className="move-choice" style={{ paddingLeft: 8 + (normalised === '' ? node.depth * 16 : 0) }}>
                  <input type="radio" name="parent" value={node.pageID} checked={choice === node.pageID} disabled={refusal !== null} onChange={() => setChoice(node.pageID)} />
                  <span className="move-choice__title">{node.title || node.slug}</span>
                  <code className="path">{node.path}</code>
                  {note(refusal)}
                </label>
              );
            })}
            {shown.length === 0 && <p className="move-dialog__empty">{t('siteStructure.move.noMatches')}</p>}
          </div>
        </fieldset>
        {matching.length > shown.length && <p className="form__hint">{t('siteStructure.move.showing', { shown: shown.length, total: matching.length })}</p>}
        <dl className="details-list move-dialog__paths" aria-live="polite">
          <dt>{t('siteStructure.move.from')}</dt>
          <dd>
            <code className="path">{page.path}</code>
          </dd>
          <dt>{t('siteStructure.move.to')}</dt>
          <dd>{newSlug === null ? t('siteStructure.move.chooseParent') : <code className="path">{publicPath(locale, newSlug, defaultLocale)}</code>}</dd>
        </dl>
      </form>
    </Modal>
  );
}
