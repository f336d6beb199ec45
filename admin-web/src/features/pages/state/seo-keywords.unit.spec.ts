import { expect } from 'chai';
import { formatKeywords, parseKeywords, seoImageFromText } from './seo-keywords';

describe('the SEO fields as the editor types them', () => {
  it('split keywords at commas, trimmed, without empties or repeats', () => {
    expect(parseKeywords(' onderzoek, advies,, Onderzoek ,  ')).to.deep.equal(['onderzoek', 'advies']);
    expect(parseKeywords('')).to.deep.equal([]);
  });

  it('show keywords as one comma-separated line that reads back the same', () => {
    const keywords = ['onderzoek', 'advies op maat'];
    expect(formatKeywords(keywords)).to.equal('onderzoek, advies op maat');
    expect(parseKeywords(formatKeywords(keywords))).to.deep.equal(keywords);
  });

  it('keep one SEO image, or none for an empty field', () => {
    expect(seoImageFromText(' /media/team.jpg ')).to.deep.equal(['/media/team.jpg']);
    expect(seoImageFromText('  ')).to.deep.equal([]);
  });
});
