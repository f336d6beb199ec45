import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { menuKinds, type MenuKind } from '@pagelog/contracts/menus/menu';

interface MenuChoiceProps {
  /** The locales to choose from (the site's). */
  locales: readonly string[];
  locale: string;
  kind: MenuKind;
  onChange: (next: { locale?: string; kind?: MenuKind }) => void;
  /** An element that says more about the choice (its id), if any. */
  describedBy?: string;
  className?: string;
}

/** Which menu: a language and a kind (main, footer, service), as the menu structure and a release's menus choose one. */
export function MenuChoice({ locales, locale, kind, onChange, describedBy, className = 'filters' }: MenuChoiceProps) {
  const { t } = useTranslation();
  const localeId = useId();
  const kindId = useId();
  return (
    <div className={className}>
      <div className="filters__field">
        <label htmlFor={localeId} className="field__label">
          {t('menus.choose.locale')}
        </label>
        <select id={localeId} className="field__input" value={locale} aria-describedby={describedBy} onChange={(event) => onChange({ locale: event.target.value })}>
          {locales.map((each) => (
            <option key={each} value={each}>
              {each}
            </option>
          ))}
        </select>
      </div>
      <div className="filters__field">
        <label htmlFor={kindId} className="field__label">
          {t('menus.choose.kind')}
        </label>
        <select id={kindId} className="field__input" value={kind} aria-describedby={describedBy} onChange={(event) => onChange({ kind: event.target.value as MenuKind })}>
          {menuKinds.map((each) => (
            <option key={each} value={each}>
              {t(`menus.kinds.${each}`)}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}
