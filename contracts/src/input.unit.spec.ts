import { expect } from 'chai';
import { array, boolean, mixed, number, object, string } from 'yup';
import { ValidationError } from './domain-errors';
import { MAX_INPUT_ARRAY_LENGTH, MAX_INPUT_DEPTH, parseInput, structureErrors, valueErrors } from './input';

const schema = object({
  name: string().trim().required('V_01').max(10, 'V_11'),
  count: number().integer('V_12').optional(),
  on: boolean().optional(),
  tags: array().of(string().required('V_01')).default([]),
  profile: object({ title: string().optional() }).default(undefined).optional(),
  anything: mixed().optional(),
  note: string().nullable().optional(),
});

/** The catalogue items a refusal names, as "code property". */
function refusal(run: () => unknown): string[] {
  try {
    run();
  } catch (error) {
    expect(error).to.be.instanceOf(ValidationError);
    return (error as ValidationError).items.map((i) => `${i.code} ${i.property}`);
  }
  throw new Error('expected a refusal');
}

describe('parsing a request body into the contract', () => {
  it('answers the schema\'s type, trimmed and defaulted', () => {
    expect(parseInput(schema, { name: '  Ada ', count: 3 }, 'user')).to.deep.equal({ name: 'Ada', count: 3, tags: [] });
  });

  it('names each property that has the wrong JSON type, instead of failing inside a transform', () => {
    expect(refusal(() => parseInput(schema, { name: {}, count: '3', on: 'yes', tags: 'a', profile: [] }, 'user'))).to.have.members([
      'V_12 name',
      'V_12 count',
      'V_12 on',
      'V_12 tags',
      'V_12 profile',
    ]);
    expect(refusal(() => parseInput(schema, { name: 'A', tags: ['a', 1] }, 'user'))).to.deep.equal(['V_12 tags[1]']);
    expect(refusal(() => parseInput(schema, [1, 2], 'user'))).to.deep.equal(['V_12 body']);
    expect(refusal(() => parseInput(schema, 'text', 'user'))).to.deep.equal(['V_12 body']);
  });

  it('takes null only where the schema allows it', () => {
    expect(parseInput(schema, { name: 'A', note: null }, 'user')).to.include({ note: null });
    expect(refusal(() => parseInput(schema, { name: null }, 'user'))).to.deep.equal(['V_12 name']);
  });

  it('refuses properties the schema does not name in a body, and ignores them in a query string', () => {
    expect(refusal(() => parseInput(schema, { name: 'A', admin: true, profile: { title: 'x', role: 'y' } }, 'user'))).to.have.members(['V_12 admin', 'V_12 profile.role']);
    expect(parseInput(schema, { name: 'A', utm_source: 'mail' }, 'user', 'ignore')).to.deep.equal({ name: 'A', tags: [] });
  });

  it('refuses __proto__, constructor and prototype keys anywhere, by name, mixed values included', () => {
    const body = JSON.parse('{"name":"A","anything":{"deep":[{"__proto__":{"x":1}}]},"constructor":{}}') as unknown;
    expect(refusal(() => parseInput(schema, body, 'user'))).to.have.members(['V_12 anything.deep[0].__proto__', 'V_12 constructor']);
    expect(({} as Record<string, unknown>).x).to.equal(undefined);
  });

  it('refuses nesting past the limit without using the call stack, however deep', () => {
    const deep = JSON.parse(`{"name":"A","anything":${'['.repeat(200_000)}${']'.repeat(200_000)}}`) as unknown;
    const items = refusal(() => parseInput(schema, deep, 'user'));
    expect(items).to.have.length(1);
    expect(items[0]).to.match(/^V_12 anything(\[0\])+$/);
    expect(structureErrors(JSON.parse(`${'['.repeat(MAX_INPUT_DEPTH)}${']'.repeat(MAX_INPUT_DEPTH)}`))).to.deep.equal([]);
  });

  it(`refuses an array of more than ${MAX_INPUT_ARRAY_LENGTH} items before checking any of them`, () => {
    expect(refusal(() => parseInput(schema, { name: 'A', tags: Array(MAX_INPUT_ARRAY_LENGTH + 1).fill('t') }, 'user'))).to.deep.equal(['V_12 tags']);
  });

  it('takes nothing but an empty body for a call without a schema', () => {
    expect(parseInput(undefined, undefined, 'user')).to.deep.equal({});
    expect(parseInput(undefined, {}, 'user')).to.deep.equal({});
    expect(refusal(() => parseInput(undefined, { x: 1 }, 'user'))).to.deep.equal(['V_12 x']);
  });

  it('checks a value against a schema of its own without casting it (block props, page-type data)', () => {
    const props = object({ text: string().required('V_01').max(5, 'V_11'), level: number().optional() });
    expect(valueErrors(props, { text: 'Kop' }, 'pageVersion')).to.deep.equal([]);
    expect(valueErrors(props, { text: 'Te lange kop', onclick: 'x' }, 'pageVersion').map((i) => `${i.code} ${i.property}`)).to.deep.equal(['V_12 onclick']);
    expect(valueErrors(props, { text: 'Te lange kop' }, 'pageVersion').map((i) => `${i.code} ${i.property}`)).to.deep.equal(['V_11 text']);
    expect(valueErrors(props, { text: 5 }, 'pageVersion').map((i) => `${i.code} ${i.property}`)).to.deep.equal(['V_12 text']);
  });
});
