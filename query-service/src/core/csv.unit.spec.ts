import { expect } from 'chai';
import { csvCell, csvRow } from './csv';

describe('a CSV cell', () => {
  it('is left as it is when plain', () => {
    expect(csvCell('Anna de Vries')).to.equal('Anna de Vries');
    expect(csvCell('')).to.equal('');
  });

  it('is quoted, its quotes doubled, when it holds a comma, a quote or a line break (RFC 4180)', () => {
    expect(csvCell('Leiden, NL')).to.equal('"Leiden, NL"');
    expect(csvCell('zei "ja"')).to.equal('"zei ""ja"""');
    expect(csvCell('regel 1\nregel 2')).to.equal('"regel 1\nregel 2"');
    expect(csvCell('a\r\nb')).to.equal('"a\r\nb"');
  });

  it('gets a quote mark in front when it starts like a formula, so a spreadsheet does not run it', () => {
    for (const formula of ['=HYPERLINK("http://evil")', '+31 30 123', '-2+3', '@SUM(A1)', '\t=1']) expect(csvCell(formula).replace(/^"/, '').startsWith("'"), formula).to.equal(true);
    expect(csvCell('=1+1')).to.equal("'=1+1");
    expect(csvCell('=A1,"x"')).to.equal(`"'=A1,""x"""`);
    expect(csvCell('a=b')).to.equal('a=b');
  });
});

describe('a CSV row', () => {
  it('joins its cells with commas and ends with CRLF', () => {
    expect(csvRow(['a', 'b,c', ''])).to.equal('a,"b,c",\r\n');
  });
});
