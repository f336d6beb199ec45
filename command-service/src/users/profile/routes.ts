import { PROFILE_IMAGE } from '@pagelog/contracts/users/user';
import { command, type EndpointRoute } from '@pagelog/service-kit/http/endpoint-routes';
import { contextOf } from '../../core/route-context';
import { withUploadedFile } from '../../core/uploads/with-uploaded-file';
import { actorOf } from '../actor-of';
import type { UsersDeps } from '../users-deps';
import { removeUserImage, setUserImage, updateUser } from './commands';
import { processProfileImage } from './profile-image';

export function profileRoutes(deps: UsersDeps): EndpointRoute[] {
  return [
    command('userUpdate', async (ctx, input) => {
      const result = await updateUser(
        deps,
        ctx.params.id!,
        {
          email: input.email,
          roleId: input.role,
          name: input.profile?.name,
          jobTitle: input.profile?.jobTitle,
          currentPassword: input.currentPassword,
          newPassword: input.newPassword,
        },
        actorOf(ctx),
        contextOf(ctx, deps.clock),
      );
      return { ...result.view, position: result.position };
    }),

    command('userImageStore', async (ctx) => {
      const upload = { field: PROFILE_IMAGE.field, model: 'user', maxBytes: PROFILE_IMAGE.maxBytes, tooLargeCode: 'UM_05' };
      const image = await withUploadedFile(ctx, upload, (file) => processProfileImage(file));
      const result = await setUserImage(deps, ctx.params.id!, image, actorOf(ctx), contextOf(ctx, deps.clock));
      return { ...result.view, position: result.position };
    }),

    command('userImageDelete', async (ctx) => {
      const result = await removeUserImage(deps, ctx.params.id!, actorOf(ctx), contextOf(ctx, deps.clock));
      return { ...result.view, position: result.position };
    }),
  ];
}
