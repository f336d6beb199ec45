import type { ErrorItem } from '@pagelog/contracts/envelope';
import { createUserSchema, updateUserSchema } from '@pagelog/contracts/users/schemas';
import { validateSyncWith } from '../../../core/errors/validation-errors';
import type { UserFormValues } from './use-save-user';

/** The add and edit forms' fields in their order on screen, which the error summary follows. */
export const userFormFieldOrder = ['name', 'email', 'jobTitle', 'role'] as const;

/** The form's values as the user calls take them (the name and job title inside the profile). */
export function userBodyOf(values: UserFormValues) {
  return { email: values.email, role: values.role, profile: { name: values.name, jobTitle: values.jobTitle } };
}

/** What saving checks before a call, for the summary to follow the form: adding or editing. */
export function checkUserForm(values: UserFormValues, editing: boolean): ErrorItem[] {
  const checked = validateSyncWith(editing ? updateUserSchema : createUserSchema, userBodyOf(values), 'user');
  return checked.ok ? [] : checked.errors;
}
