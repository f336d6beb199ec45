import type { CropParams } from '@pagelog/contracts/blocks/block';

/** The whole image, unturned: where a new crop starts. */
export function fullCrop(width: number | null, height: number | null): CropParams {
  return { x: 0, y: 0, width: width ?? 0, height: height ?? 0, rotate: 0, scaleX: 1, scaleY: 1 };
}

/** Whole pixels for the area, a hundredth of a degree for the turn, ±1 for the flips. */
export function tidyCrop(params: CropParams): CropParams {
  const whole = (value: number) => (Number.isFinite(value) ? Math.round(value) : 0);
  const turn = Number.isFinite(params.rotate) ? Math.round((((params.rotate % 360) + 360) % 360) * 100) / 100 : 0;
  return {
    x: Math.max(0, whole(params.x)),
    y: Math.max(0, whole(params.y)),
    width: Math.max(1, whole(params.width)),
    height: Math.max(1, whole(params.height)),
    rotate: turn,
    scaleX: params.scaleX < 0 ? -1 : 1,
    scaleY: params.scaleY < 0 ? -1 : 1,
  };
}

/** Multiplies the area by a factor (between a downscaled preview's pixels and the source's). */
export function scaleCrop(params: CropParams, factor: number): CropParams {
  return { ...params, x: params.x * factor, y: params.y * factor, width: params.width * factor, height: params.height * factor };
}
