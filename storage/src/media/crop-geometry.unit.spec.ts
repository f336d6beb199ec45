import { expect } from 'chai';
import { cropRegion, focalRegion, normaliseAngle, rotatedSize } from './crop-geometry';

describe('crop geometry', () => {
  it('reads cropperjs angles as a clockwise turn of 0 to 359 degrees', () => {
    expect([-90, 450, 360, 30].map(normaliseAngle)).to.deep.equal([270, 90, 0, 30]);
  });

  it('swaps width and height for a quarter turn and takes the bounding box otherwise', () => {
    expect(rotatedSize({ width: 300, height: 200 }, -90)).to.deep.equal({ width: 200, height: 300 });
    expect(rotatedSize({ width: 300, height: 200 }, 180)).to.deep.equal({ width: 300, height: 200 });
    expect(rotatedSize({ width: 640, height: 480 }, 17.5)).to.deep.equal({ width: 754, height: 650 });
  });

  it('rounds a crop to whole pixels and keeps it inside the image', () => {
    expect(cropRegion({ x: 10.4, y: 9.6, width: 20.2, height: 30 }, { width: 100, height: 100 })).to.deep.equal({ left: 10, top: 10, width: 21, height: 30 });
    expect(cropRegion({ x: -20, y: 80, width: 50, height: 50 }, { width: 100, height: 100 })).to.deep.equal({ left: 0, top: 80, width: 30, height: 20 });
    // Wholly outside: one pixel at the nearest corner rather than an error.
    expect(cropRegion({ x: 500, y: -500, width: 10, height: 10 }, { width: 100, height: 100 })).to.deep.equal({ left: 99, top: 0, width: 1, height: 1 });
  });

  it('places an automatic crop around the focal point, as far as the edges allow', () => {
    const wide = { width: 400, height: 200 };
    expect(focalRegion(wide, 1, null)).to.deep.equal({ left: 100, top: 0, width: 200, height: 200 });
    expect(focalRegion(wide, 1, { x: 0.3, y: 0.5 })).to.deep.equal({ left: 20, top: 0, width: 200, height: 200 });
    expect(focalRegion(wide, 1, { x: 1, y: 0 })).to.deep.equal({ left: 200, top: 0, width: 200, height: 200 });
    expect(focalRegion(wide, 4, { x: 0.5, y: 0.1 })).to.deep.equal({ left: 0, top: 0, width: 400, height: 100 });
    expect(focalRegion(wide, 4, { x: 0.5, y: 0.6 })).to.deep.equal({ left: 0, top: 70, width: 400, height: 100 });
  });
});
