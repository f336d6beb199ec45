import { useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ErrorItem } from '@pagelog/contracts/envelope';
import { messageFor } from '@pagelog/contracts/error-catalogue';
import { cleanTagName, tagKey, type TagView, type TagVisibility } from '@pagelog/contracts/tags/tag';
import { useApi } from '../../../core/api/api-context';
import { tagQueries } from '../../../core/tags/tag-queries';
import { useDebounced } from '../../../core/timing/use-debounced';
import { chosenKey, chosenName, holdsTag, type ChosenTag } from '../state/page-tags';

/** Typing pauses this long before the tags are searched. */
export const TAG_SEARCH_WAIT_MS = 250;

type Option = { kind: 'tag'; tag: TagView } | { kind: 'create'; name: string };

/** What tags/validate said about a name typed as a new tag. */
type NameCheck =
  | { state: 'idle' }
  | { state: 'checking'; name: string }
  | { state: 'refused'; name: string; errors: readonly ErrorItem[]; existing: TagView | null };

interface TagComboboxProps {
  label: string;
  hint: string;
  locale: string;
  visibility: TagVisibility;
  /** This field's chips. */
  chosen: readonly ChosenTag[];
  disabled: boolean;
  onAdd: (tag: ChosenTag) => void;
  onRemove: (key: string) => void;
  /**
   * One existing tag at most, as a filter takes it (the cards block's, an overview's): no new tag
   * is offered, a pick goes to onAdd for the parent to put in the chosen one's place, and the
   * chosen tag's button, named `clearLabel`, empties the field.
   */
  single?: { clearLabel: string };
}

/**
 * The tags of one visibility as removable chips, and a combobox (the ARIA 1.2 pattern: the input
 * owns a listbox through aria-controls, the active option is aria-activedescendant, so focus
 * stays in the input) that suggests the locale's tags as the editor types (the found-by-search
 * list, debounced) and offers a new tag of the typed name. A new name is checked by
 * tags/validate first: its refusals show beside the field with their catalogue messages, and a
 * tag that has the name already but for capitals or accents is offered instead.
 */
export function TagCombobox({ label, hint, locale, visibility, chosen, disabled, onAdd, onRemove, single }: TagComboboxProps) {
  const { t } = useTranslation();
  const api = useApi();
  const inputId = useId();
  const hintId = useId();
  const listId = useId();
  const problemsId = useId();
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [check, setCheck] = useState<NameCheck>({ state: 'idle' });
  // Answers to a check of a name since edited are dropped.
  const checkSeq = useRef(0);

  const term = useDebounced(text.trim(), TAG_SEARCH_WAIT_MS);
  const search = useQuery({ ...tagQueries.search(api, term, locale, visibility), enabled: open && !disabled, placeholderData: keepPreviousData });

  const options = useMemo((): Option[] => {
    if (!open) return [];
    const typed = cleanTagName(text);
    const found = (search.data ?? []).filter((tag) => tag.visibility === visibility && !holdsTag(chosen, { id: tag.id, name: tag.name }));
    const list: Option[] = found.map((tag) => ({ kind: 'tag', tag }));
    // A tag of the typed name is picked as itself, not made anew.
    if (!single && typed !== '' && !found.some((tag) => tagKey(tag.name) === tagKey(typed)) && !holdsTag(chosen, { name: typed })) list.push({ kind: 'create', name: typed });
    return list;
  }, [open, text, search.data, chosen, visibility, single]);
  const activeOption = active >= 0 && active < options.length ? active : -1;
  const optionId = (index: number) => `${listId}-option-${index}`;

  function reset() {
    setText('');
    setActive(-1);
    setCheck({ state: 'idle' });
    checkSeq.current += 1;
  }

  function pick(option: Option) {
    if (option.kind === 'tag') {
      onAdd({ kind: 'existing', tag: option.tag });
      reset();
    } else {
      void addNew(option.name);
    }
  }

  async function addNew(raw: string) {
    const name = cleanTagName(raw);
    if (name === '') return;
    if (holdsTag(chosen, { name })) {
      reset();
      return;
    }
    const seq = ++checkSeq.current;
    setOpen(false);
    setActive(-1);
    setCheck({ state: 'checking', name });
    const reply = await api.call('tagsValidate', { body: { tag: name, locale, visibility } });
    if (seq !== checkSeq.current) return;
    if (!reply.Success || !reply.data) {
      setCheck({ state: 'refused', name, errors: reply.Errors, existing: null });
    } else if (reply.data.valid) {
      onAdd({ kind: 'new', name, visibility });
      reset();
    } else {
      setCheck({ state: 'refused', name, errors: reply.data.errors, existing: reply.data.existing });
    }
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    const last = options.length - 1;
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        if (!open) setOpen(true);
        setActive(activeOption >= last ? 0 : activeOption + 1);
        break;
      case 'ArrowUp':
        event.preventDefault();
        if (!open) setOpen(true);
        setActive(activeOption <= 0 ? last : activeOption - 1);
        break;
      case 'Enter': {
        // Never submits a form around the field.
        event.preventDefault();
        // A name typed out in full that a suggestion has is that tag.
        const same = options.find((option) => option.kind === 'tag' && tagKey(option.tag.name) === tagKey(text));
        if (activeOption >= 0) pick(options[activeOption]!);
        else if (same) pick(same);
        else if (!single && text.trim() !== '') void addNew(text);
        break;
      }
      case 'Escape':
        if (open && options.length > 0) {
          event.preventDefault();
          setOpen(false);
          setActive(-1);
        } else if (text !== '') {
          event.preventDefault();
          reset();
        }
        break;
      default:
    }
  }

  const existing = check.state === 'refused' ? check.existing : null;
  const offered = existing && existing.visibility === visibility && !holdsTag(chosen, { id: existing.id, name: existing.name }) ? existing : null;
  const problems = check.state === 'refused' ? check.errors.map((error) => error.message || messageFor(error.code, error.property)) : [];
  const listed = open && options.length > 0;

  return (
    <div className="field tag-field">
      <label className="field__label" htmlFor={inputId}>
        {label}
      </label>
      <p id={hintId} className="form__hint">
        {hint}
      </p>
      {chosen.length > 0 && (
        <ul className="tag-chips" aria-label={t('tags.field.chosen', { label })}>
          {chosen.map((tag) => {
            const name = chosenName(tag);
            return (
              <li key={chosenKey(tag)} className="tag-chip">
                <span>{name}</span>
                {tag.kind === 'new' && <span className="tag-chip__new">{t('tags.field.newMark')}</span>}
                {single ? (
                  <button type="button" className="button button--small button--grey" disabled={disabled} onClick={() => onRemove(chosenKey(tag))}>
                    {single.clearLabel}
                  </button>
                ) : (
                  <button type="button" className="tag-chip__remove" aria-label={t('tags.field.remove', { name })} disabled={disabled} onClick={() => onRemove(chosenKey(tag))}>
                    <span aria-hidden="true">×</span>
                  </button>
                )}
              </li>
            );
          })}
        </ul>
      )}
      <div className="tag-combobox">
        <input
          id={inputId}
          className="field__input"
          role="combobox"
          aria-expanded={listed}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={listed && activeOption >= 0 ? optionId(activeOption) : undefined}
          aria-describedby={`${hintId} ${problemsId}`}
          aria-invalid={problems.length > 0 || undefined}
          autoComplete="off"
          spellCheck={false}
          placeholder={t(single ? 'tags.field.placeholderExisting' : 'tags.field.placeholder')}
          value={text}
          disabled={disabled}
          onChange={(event) => {
            setText(event.target.value);
            setOpen(true);
            setActive(-1);
            if (check.state !== 'idle') {
              setCheck({ state: 'idle' });
              checkSeq.current += 1;
            }
          }}
          onFocus={() => setOpen(true)}
          onBlur={() => {
            setOpen(false);
            setActive(-1);
          }}
          onKeyDown={onKeyDown}
        />
        <ul id={listId} role="listbox" className="tag-combobox__list" aria-label={t('tags.field.suggestions', { label })} hidden={!listed}>
          {options.map((option, index) => (
            <li
              key={option.kind === 'tag' ? option.tag.id : 'create'}
              id={optionId(index)}
              role="option"
              aria-selected={index === activeOption}
              className={`tag-combobox__option${index === activeOption ? ' is-active' : ''}${option.kind === 'create' ? ' tag-combobox__option--create' : ''}`}
              // The input keeps focus (and the list stays open) while an option is clicked.
              onMouseDown={(event) => event.preventDefault()}
              onMouseMove={() => setActive(index)}
              onClick={() => pick(option)}
            >
              {option.kind === 'tag' ? (
                <>
                  <span>{option.tag.name}</span>
                  <span className="tag-combobox__count">{t('tags.field.usedOn', { count: option.tag.pageCount })}</span>
                </>
              ) : (
                t('tags.field.create', { name: option.name })
              )}
            </li>
          ))}
        </ul>
      </div>
      <div id={problemsId}>
        {check.state === 'checking' && <p className="field__status">{t('tags.field.checking', { name: check.name })}</p>}
        {problems.length > 0 && (
          <ul className="field__errors" role="alert">
            {problems.map((problem) => (
              <li key={problem} className="field__error">
                {problem}
              </li>
            ))}
          </ul>
        )}
        {existing && !offered && existing.visibility !== visibility && <p className="form__hint">{t(`tags.field.otherVisibility.${existing.visibility}`, { name: existing.name })}</p>}
      </div>
      {offered && (
        <div>
          <button
            type="button"
            className="button button--small button--grey"
            onClick={() => {
              onAdd({ kind: 'existing', tag: offered });
              reset();
            }}
          >
            {t('tags.field.useExisting', { name: offered.name })}
          </button>
        </div>
      )}
      <p className="visually-hidden" aria-live="polite">
        {listed && text.trim() !== '' ? t('tags.field.found', { count: options.filter((option) => option.kind === 'tag').length }) : ''}
      </p>
    </div>
  );
}
