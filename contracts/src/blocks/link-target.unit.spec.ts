import { expect } from 'chai';
import { isLinkTarget } from './link-target';

describe('link targets of block props', () => {
  it('takes site paths, anchors, and http(s), mailto and tel URLs', () => {
    for (const link of ['/over-ons', '/en-gb/about?x=1#team', '#contact', 'https://www.voorbeeld.nl/a', 'http://x.nl', 'mailto:info@voorbeeld.nl', 'tel:+31 20 123 4567']) {
      expect(isLinkTarget(link), link).to.equal(true);
    }
  });

  it('refuses what a browser would take elsewhere or run', () => {
    for (const link of ['//evil.example', '/\\evil.example', 'javascript:alert(1)', 'data:text/html,x', 'over-ons', 'https://', 'ftp://x.nl']) {
      expect(isLinkTarget(link), link).to.equal(false);
    }
  });
});
