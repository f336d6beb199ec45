import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { FORM_IDS, forms } from '@pagelog/contracts/forms/forms';
import type { SubmissionFilters as Filters } from '../api/forms-queries';

const statuses = ['new', 'handled', 'spam'] as const;

/** The filters beside the submissions' list: the form, the status and the days they came in. */
export function SubmissionFilters({ filters, onChange }: { filters: Filters; onChange: (next: Filters) => void }) {
  const { t } = useTranslation();
  const id = useId();
  const set = (name: keyof Filters) => (event: { target: { value: string } }) => onChange({ ...filters, [name]: event.target.value });
  return (
    <div className="form__row submission-filters">
      <div className="form-field">
        <label htmlFor={`${id}-form`}>{t('forms.filters.form')}</label>
        <select id={`${id}-form`} value={filters.form} onChange={set('form')}>
          <option value="">{t('forms.filters.allForms')}</option>
          {FORM_IDS.map((form) => (
            <option key={form} value={form}>
              {forms[form].adminLabel}
            </option>
          ))}
        </select>
      </div>
      <div className="form-field">
        <label htmlFor={`${id}-status`}>{t('forms.filters.status')}</label>
        <select id={`${id}-status`} value={filters.status} onChange={set('status')}>
          <option value="">{t('forms.filters.allStatuses')}</option>
          {statuses.map((status) => (
            <option key={status} value={status}>
              {t(`forms.status.${status}`)}
            </option>
          ))}
        </select>
      </div>
      <div className="form-field">
        <label htmlFor={`${id}-from`}>{t('forms.filters.from')}</label>
        <input id={`${id}-from`} type="date" value={filters.from} max={filters.to || undefined} onChange={set('from')} />
      </div>
      <div className="form-field">
        <label htmlFor={`${id}-to`}>{t('forms.filters.to')}</label>
        <input id={`${id}-to`} type="date" value={filters.to} min={filters.from || undefined} onChange={set('to')} />
      </div>
    </div>
  );
}
