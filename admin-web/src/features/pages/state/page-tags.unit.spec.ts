import { expect } from 'chai';
import { errorItem } from '@pagelog/contracts/error-catalogue';
import type { TagSummary } from '@pagelog/contracts/tags/tag';
import { chosenOfPage, describePageTagErrors, holdsTag, pageTagsBody, rebaseChosen, tagsConflict, tagsDiffer, type ChosenTag } from './page-tags';

const tag = (id: string, name: string, visibility: 'public' | 'private' = 'public'): TagSummary => ({ id, name, slug: name.toLowerCase(), locale: 'nl-nl', visibility });
const duurzaamheid = tag('tag-1', 'Duurzaamheid');
const intern = tag('tag-2', 'Intern overleg', 'private');
const known = new Map([duurzaamheid, intern].map((t) => [t.id, t]));
const existing = (t: TagSummary): ChosenTag => ({ kind: 'existing', tag: t });

describe("a page's tags in the tag field", () => {
  it('shows the saved ids the lists know, in their order, and keeps the others for the save', () => {
    const { chosen, kept } = chosenOfPage(['tag-2', 'tag-gone', 'tag-1'], known);
    expect(chosen).to.deep.equal([existing(intern), existing(duurzaamheid)]);
    expect(kept).to.deep.equal(['tag-gone']);
  });

  it('sends existing tags by id and new ones by name and visibility', () => {
    const body = pageTagsBody([existing(duurzaamheid), { kind: 'new', name: 'Getijdenenergie', visibility: 'public' }], ['tag-gone']);
    expect(body).to.deep.equal([{ id: 'tag-gone' }, { id: 'tag-1' }, { name: 'Getijdenenergie', visibility: 'public' }]);
  });

  describe('compared with what the page has', () => {
    it('differs by a new tag, a removed one or another one, not by the order', () => {
      expect(tagsDiffer([existing(intern), existing(duurzaamheid)], [], ['tag-1', 'tag-2'])).to.equal(false);
      expect(tagsDiffer([existing(duurzaamheid)], [], ['tag-1', 'tag-2'])).to.equal(true);
      expect(tagsDiffer([existing(duurzaamheid), { kind: 'new', name: 'Nieuw', visibility: 'public' }], [], ['tag-1'])).to.equal(true);
      expect(tagsDiffer([existing(duurzaamheid)], ['tag-gone'], ['tag-gone', 'tag-1'])).to.equal(false);
    });
  });

  describe('when another editor saved the tags meanwhile', () => {
    const wind = tag('tag-3', 'Windenergie');
    const zee = tag('tag-4', 'Zee');
    const all = new Map([duurzaamheid, intern, wind, zee].map((t) => [t.id, t]));
    const fresh: ChosenTag = { kind: 'new', name: 'Getij', visibility: 'public' };

    it('reads the tags the page has now from a 409 about tags, and nothing from any other answer', () => {
      expect(tagsConflict(409, { conflicts: ['tags'], current: { tags: ['tag-1', 'tag-3'] } })).to.deep.equal(['tag-1', 'tag-3']);
      expect(tagsConflict(409, { conflicts: ['revision'], current: { slug: 'x' } })).to.equal(null);
      expect(tagsConflict(400, { conflicts: ['tags'], current: { tags: [] } })).to.equal(null);
      expect(tagsConflict(409, null)).to.equal(null);
      expect(tagsConflict(409, { conflicts: ['tags'], current: { tags: [1] } })).to.equal(null);
    });

    it("puts this editor's additions and removals on top of the other editor's list", () => {
      // Both started from [Duurzaamheid, Intern]; this editor removed Intern, added Zee and a new tag; the other added Windenergie.
      const mine = [existing(duurzaamheid), existing(zee), fresh];
      expect(rebaseChosen(mine, ['tag-1', 'tag-2'], ['tag-1', 'tag-2', 'tag-3'], all)).to.deep.equal([existing(duurzaamheid), existing(wind), existing(zee), fresh]);
    });

    it("leaves a tag removed by the other editor off, and one both added once", () => {
      expect(rebaseChosen([existing(duurzaamheid), existing(wind)], ['tag-1'], ['tag-3'], all)).to.deep.equal([existing(wind)]);
    });
  });

  it('holds a tag by id, or by a name that differs only in capitals or accents', () => {
    const chosen = [existing(duurzaamheid), { kind: 'new' as const, name: 'Café', visibility: 'public' as const }];
    expect(holdsTag(chosen, { id: 'tag-1', name: 'Anders' })).to.equal(true);
    expect(holdsTag(chosen, { name: 'DUURZÁAMHEID' })).to.equal(true);
    expect(holdsTag(chosen, { name: 'cafe' })).to.equal(true);
    expect(holdsTag(chosen, { name: 'Windenergie' })).to.equal(false);
  });

  it("names the tag a refusal is about, by the entry's place in the body", () => {
    const body = pageTagsBody([existing(duurzaamheid), { kind: 'new', name: 'x', visibility: 'public' }]);
    const errors = describePageTagErrors(
      [errorItem('TG_07', 'tags[0].id', 'page'), errorItem('TG_01', 'tags[1].name', 'page'), errorItem('TG_09', 'tags', 'page')],
      body,
      new Map([['tag-1', 'Duurzaamheid']]),
      (name, message) => `“${name}”: ${message}`,
    );
    expect(errors.map((e) => e.message)).to.deep.equal([
      '“Duurzaamheid”: This tag does not exist.',
      '“x”: A tag must be at least 2 characters long.',
      'A page can carry at most 30 tags.',
    ]);
  });
});
