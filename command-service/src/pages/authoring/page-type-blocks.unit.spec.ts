import { expect } from 'chai';
import type { Block } from '@pagelog/contracts/blocks/block';
import { blockErrors, typeDataErrors } from './decider';

const block = (type: string, props: Record<string, unknown>, key = `k-${type}`): Block => ({ type, key, props, anchorPoint: '' });
const heading = block('heading', { text: 'Ons team', level: 2 });
const member = block('team', { name: 'Anna de Vries', function: '', description: '', specialties: '', linkedinUrl: '' });
const downloads = (key: string) => ({ ...block('downloads', { title: '' }, key), __files: [{ hash: 'a'.repeat(64), fileName: 'rapport.pdf' }] });
const problems = (pageType: string, ...blocks: Block[]) => blockErrors(pageType, blocks).map((item) => `${item.code} ${item.property}`);

describe('storing blocks on a page of a type', () => {
  it('takes the block types its page type allows', () => {
    expect(problems('contact', heading, member)).to.deep.equal([]);
    expect(problems('publication', heading, downloads('d'))).to.deep.equal([]);
    expect(problems('base', heading, member, downloads('d'))).to.deep.equal([]);
  });

  it('refuses a block type its page type does not allow, naming the block', () => {
    expect(problems('article', heading, member)).to.deep.equal(['V_12 blocks[1].type']);
    expect(problems('overview', downloads('d'))).to.deep.equal(['V_12 blocks[0].type']);
    expect(problems('team-member', member)).to.deep.equal(['V_12 blocks[0].type']);
  });

  it('checks the type data against the page type, naming each field', () => {
    expect(typeDataErrors('overview', { listedType: 'base', pageSize: 100 }).map((item) => `${item.code} ${item.property}`)).to.have.members(['V_12 typeData.listedType', 'V_12 typeData.pageSize']);
    expect(typeDataErrors('vacancy', { hours: '32–36', closingDate: '2026-04-30' })).to.deep.equal([]);
  });
});
