import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { editorTabs, type EditorTab } from '../state/editor-state';

interface EditorTabsProps {
  selected: EditorTab;
  onSelect: (tab: EditorTab) => void;
  /** The selected tab's panel. */
  children: ReactNode;
}

/**
 * The editor's tabs (WAI-ARIA tabs pattern): Overview, Page Settings, SEO Settings, Translations.
 * Arrow keys, Home and End move between tabs and select them; only the selected tab is in the Tab
 * order, and its panel follows.
 */
export function EditorTabs({ selected, onSelect, children }: EditorTabsProps) {
  const { t } = useTranslation();
  const baseId = useId();
  const tabRefs = useRef<Partial<Record<EditorTab, HTMLButtonElement | null>>>({});
  const tabId = (tab: EditorTab) => `${baseId}-tab-${tab}`;
  const panelId = `${baseId}-panel`;

  function onKeyDown(event: KeyboardEvent<HTMLButtonElement>) {
    const index = editorTabs.indexOf(selected);
    let next: number | null = null;
    if (event.key === 'ArrowRight') next = (index + 1) % editorTabs.length;
    else if (event.key === 'ArrowLeft') next = (index - 1 + editorTabs.length) % editorTabs.length;
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = editorTabs.length - 1;
    if (next === null) return;
    event.preventDefault();
    const tab = editorTabs[next]!;
    onSelect(tab);
    tabRefs.current[tab]?.focus();
  }

  return (
    <div className="tabs">
      <div className="tabs__list" role="tablist" aria-label={t('pages.editor.tabsLabel')}>
        {editorTabs.map((tab) => (
          <button
            key={tab}
            ref={(element) => {
              tabRefs.current[tab] = element;
            }}
            id={tabId(tab)}
            type="button"
            role="tab"
            className="tabs__tab"
            aria-selected={tab === selected}
            aria-controls={panelId}
            tabIndex={tab === selected ? 0 : -1}
            onClick={() => onSelect(tab)}
            onKeyDown={onKeyDown}
          >
            {t(`pages.editor.tabs.${tab}`)}
          </button>
        ))}
      </div>
      <div id={panelId} className="tabs__panel" role="tabpanel" aria-labelledby={tabId(selected)} tabIndex={0}>
        {children}
      </div>
    </div>
  );
}
