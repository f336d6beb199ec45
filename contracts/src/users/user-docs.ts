import type { PermissionGrant } from '../permissions';

/**
 * The read-model documents of the users projection, shared by the projector (which writes them)
 * and the query service (which reads them). Personal data stays sealed here: see
 * docs/decisions/0003-erasable-personal-data.md.
 */
export type UserDoc = Record<string, unknown> & {
  ID: string;
  roleId: string;
  status: 'pending' | 'active';
  /** Sealed PersonalData (name, email, jobTitle). */
  personal: string;
  imageId: string | null;
  createdAt: string;
  updatedAt: string;
  updatedBy: string;
  revision: number;
};

export type RoleDoc = Record<string, unknown> & {
  ID: string;
  name: string;
  permissions: PermissionGrant[];
  revision: number;
};
