import { PROFILE_IMAGE } from '@pagelog/contracts/users/user';
import { checkImage, reencodeImage, type ImageInput, type ImagePolicy } from '../../core/uploads/check-image';

export interface ProfileImage {
  bytes: Buffer;
  contentType: string;
  width: number;
  height: number;
}

/** JPEG or PNG, 2 MB and 1024×1024 pixels at most, refused with the UM_ codes of the spec. */
export const profileImagePolicy: ImagePolicy = {
  formats: ['jpeg', 'png'],
  maxBytes: PROFILE_IMAGE.maxBytes,
  maxWidth: PROFILE_IMAGE.maxWidth,
  maxHeight: PROFILE_IMAGE.maxHeight,
  property: PROFILE_IMAGE.field,
  model: 'user',
  codes: { empty: 'V_17', tooLarge: 'UM_05', unsupported: 'UM_06', invalid: 'UM_07', tooManyPixels: 'UM_08' },
};

/**
 * Checks an uploaded profile image (type by its bytes, dimensions from its header before any
 * decoding) and re-encodes it in the same format without metadata, so what is stored and served
 * is an image this process produced.
 */
export async function processProfileImage(input: ImageInput): Promise<ProfileImage> {
  const checked = await checkImage(input, profileImagePolicy);
  const { bytes, width, height } = await reencodeImage(input, checked, profileImagePolicy);
  return { bytes, contentType: checked.contentType, width, height };
}
