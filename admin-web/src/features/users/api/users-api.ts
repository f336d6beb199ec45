import { PROFILE_IMAGE } from '@pagelog/contracts/users/user';
import type { ResponseOf } from '@pagelog/contracts/endpoints';
import type { ApiClient, ApiReply } from '../../../core/api/api-client';
import type { SortOrder } from '../../../components/paginated-list/paginated-list';

/** POST /user: spec section 7. */
export interface CreateUserBody {
  email: string;
  /** The role's ID. */
  role: string;
  profile: { name: string; jobTitle: string };
}

/** PUT /user/{id}: every part optional; the password fields are the personal settings'. */
export interface UpdateUserBody {
  email?: string;
  role?: string;
  profile?: { name?: string; jobTitle?: string };
  currentPassword?: string;
  newPassword?: string;
  confirmNewPassword?: string;
}

export interface UserListQuery {
  pageIndex: number;
  pageSize: number;
  searchTerm: string;
  columnToSort: string;
  sortOrder: SortOrder;
}

/** The user commands (the reads are userQueries), so storing personal settings can be given a fake in its specs. */
export interface UsersApi {
  createUser(body: CreateUserBody): Promise<ApiReply<ResponseOf<'userCreate'>>>;
  updateUser(id: string, body: UpdateUserBody): Promise<ApiReply<ResponseOf<'userUpdate'>>>;
  deleteUser(id: string): Promise<ApiReply<ResponseOf<'userDelete'>>>;
  uploadImage(id: string, file: Blob): Promise<ApiReply<ResponseOf<'userImageStore'>>>;
  deleteImage(id: string): Promise<ApiReply<ResponseOf<'userImageDelete'>>>;
}

export function createUsersApi(api: ApiClient): UsersApi {
  return {
    createUser: (body) => api.call('userCreate', { body }),
    updateUser: (id, body) => api.call('userUpdate', { params: { id }, body }),
    deleteUser: (id) => api.call('userDelete', { params: { id } }),
    uploadImage(id, file) {
      const formData = new FormData();
      formData.append(PROFILE_IMAGE.field, file, file instanceof File ? file.name : 'profile-image');
      return api.call('userImageStore', { params: { id }, formData });
    },
    deleteImage: (id) => api.call('userImageDelete', { params: { id } }),
  };
}
