import { expect } from 'chai';
import { allBlocks, blocksAllowedOn } from '../blocks/block-types';
import { valueErrors } from '../input';
import { pageFileGroup, parsePageFileGroup } from '../media/media';
import { pageTypeIds } from './page-type-ids';
import { pageTypeLabels } from './page-type-labels';
import { DEFAULT_OVERVIEW_PAGE_SIZE, listablePageTypeIds, pageType, pageTypes } from './page-types';
import { typeDataFile, typeDataImage, typeDataMedia } from './type-data-fields';

/** The codes and properties the command side would answer for a page's type data. */
function problems(typeId: string, typeData: Record<string, unknown>): string[] {
  return valueErrors(pageType(typeId)!.typeData, typeData, 'page').map((item) => `${item.code} ${item.property}`);
}

const hash = 'a'.repeat(64);
const file = { hash, fileName: 'rapport-2026.pdf', size: 1_234_567, contentType: 'application/pdf' };
const image = { hash, fileName: 'anna.jpg', altText: 'Anna de Vries', fileID: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b', width: 800, height: 1000 };

describe('the page types', () => {
  it('define each page type id once, with labels, a description and header and footer variants', () => {
    expect(Object.keys(pageTypes)).to.have.members([...pageTypeIds]);
    for (const id of pageTypeIds) {
      const type = pageTypes[id];
      expect(type.id, id).to.equal(id);
      expect(type.label.trim(), id).to.not.equal('');
      expect(type.singularLabel.trim(), id).to.not.equal('');
      expect(type.description.trim(), id).to.not.equal('');
      expect(['default', 'minimal', 'none'], id).to.include(type.header);
      expect(['default', 'minimal', 'none'], id).to.include(type.footer);
      expect(pageTypeLabels[id], id).to.include({ id, label: type.label, singularLabel: type.singularLabel });
    }
    expect(Object.values(pageTypes).filter((type) => 'isBase' in type && type.isBase).map((type) => type.id)).to.deep.equal(['base']);
  });

  it('take empty type data, as the new-page form sends it, and fill in their defaults', () => {
    for (const id of pageTypeIds) {
      expect(problems(id, {}), id).to.deep.equal([]);
      expect(() => pageTypes[id].typeData.cast({}), id).to.not.throw();
    }
    expect(pageTypes.overview.typeData.cast({})).to.deep.equal({ listedType: 'article', pageSize: DEFAULT_OVERVIEW_PAGE_SIZE, tag: '' });
    expect(pageTypes.publication.typeData.cast({})).to.include({ mainDownload: null, publicationDate: '' });
  });

  it('carry tags where pages are filed by subject, and not on pages that list others or stand alone', () => {
    const tagged = Object.values(pageTypes).filter((type) => type.tags).map((type) => type.id);
    expect(tagged).to.deep.equal(['article', 'publication', 'expertise', 'vacancy', 'landing-page']);
  });

  describe('their blocks', () => {
    // The block types of the registry before there were more page types: a stored page of these
    // types may hold any of them, and must stay savable.
    const earlier = ['heading', 'text', 'image', 'imageWithText', 'downloads', 'video', 'callToAction', 'quote', 'keyFigures', 'faq', 'anchorMenu'];

    it('keep every block type a page of an earlier page type could hold', () => {
      for (const id of ['base', 'article', 'landing-page']) expect(blocksAllowedOn(id), id).to.include.members(earlier);
    });

    it('allow everything on the blank base type, and only blocks of the registry anywhere', () => {
      expect(pageTypes.base.allowedBlocks).to.deep.equal(allBlocks.map((block) => block.id));
      const known = new Set<string>(allBlocks.map((block) => block.id));
      for (const id of pageTypeIds) for (const block of pageTypes[id].allowedBlocks) expect(known.has(block), `${id}: ${block}`).to.equal(true);
    });

    it('show people where people are shown, and open with a hero where a page opens with one (a research report among them)', () => {
      for (const id of ['home', 'expertise', 'contact', 'landing-page']) expect(blocksAllowedOn(id), id).to.include('team');
      for (const id of ['article', 'publication', 'overview', 'team-member']) expect(blocksAllowedOn(id), id).to.not.include('team');
      expect(pageTypeIds.filter((id) => blocksAllowedOn(id).includes('hero'))).to.have.members(['base', 'home', 'publication', 'expertise', 'landing-page']);
      // An overview's own content is an introduction above its list.
      expect(blocksAllowedOn('overview')).to.include.members(['heading', 'text', 'callToAction']).and.not.include('downloads');
    });
  });

  describe('an article', () => {
    it('takes an author, a date and a summary', () => {
      expect(problems('article', { author: 'Anna de Vries', publicationDate: '2026-03-12', summary: 'Wat we leerden.' })).to.deep.equal([]);
    });

    it('refuses a date that is not one, and texts that are too long', () => {
      expect(problems('article', { publicationDate: '12-03-2026' })).to.deep.equal(['V_12 publicationDate']);
      expect(problems('article', { author: 'x'.repeat(255), summary: 'x'.repeat(1001) })).to.have.members(['V_11 author', 'V_14 summary']);
    });
  });

  describe('a publication', () => {
    it('takes its authors, date, summary and a main download from the media library', () => {
      expect(problems('publication', { authors: 'Anna de Vries, Ben Smit', publicationDate: '2026-02-01', summary: 'Wat bewoners willen weten.', mainDownload: file })).to.deep.equal([]);
      expect(problems('publication', { mainDownload: null })).to.deep.equal([]);
      expect(problems('publication', { mainDownload: { hash, fileName: 'rapport.pdf' } })).to.deep.equal([]);
    });

    it('refuses a main download that is not a library file as a block holds one', () => {
      expect(problems('publication', { mainDownload: { ...file, hash: 'not-a-hash' } })).to.deep.equal(['V_12 mainDownload.hash']);
      expect(problems('publication', { mainDownload: { ...file, fileName: '../etc/passwd' } })).to.deep.equal(['V_12 mainDownload.fileName']);
      expect(problems('publication', { mainDownload: { hash } })).to.deep.equal(['V_01 mainDownload.fileName']);
      expect(problems('publication', { mainDownload: { ...file, url: 'https://example.com' } })).to.deep.equal(['V_12 mainDownload.url']);
      expect(problems('publication', { mainDownload: '/api/cms/medialib/file/x/rapport.pdf' })).to.deep.equal(['V_12 mainDownload']);
    });

    it('refuses a date that is not one, and texts that are too long', () => {
      expect(problems('publication', { publicationDate: '2026-13' })).to.deep.equal(['V_12 publicationDate']);
      expect(problems('publication', { authors: 'x'.repeat(1001), summary: 'x'.repeat(1001) })).to.have.members(['V_14 authors', 'V_14 summary']);
    });
  });

  describe('an expertise page', () => {
    it('takes a summary for the cards that list it', () => {
      expect(problems('expertise', { summary: 'Energie en klimaat.' })).to.deep.equal([]);
      expect(problems('expertise', { summary: 'x'.repeat(1001) })).to.deep.equal(['V_14 summary']);
    });
  });

  describe('a team member', () => {
    const member = { photo: image, function: 'Senior onderzoeker', specialties: 'Mobiliteit, Energietransitie', linkedinUrl: 'https://nl.linkedin.com/in/anna', email: 'anna@example.nl', phone: '+31 30 123 45 67' };

    it('takes a photo, a function, specialties, LinkedIn, an e-mail address and a phone number', () => {
      expect(problems('team-member', member)).to.deep.equal([]);
      expect(problems('team-member', { photoUrl: 'https://images.example.com/anna.jpg' })).to.deep.equal([]);
      expect(problems('team-member', { photoUrl: '/media/anna.jpg' })).to.deep.equal([]);
    });

    it('takes LinkedIn only as an https address on linkedin.com', () => {
      for (const url of ['http://linkedin.com/in/anna', 'https://linkedin.com.evil.example/in/anna', 'https://example.com/in/anna', 'javascript:alert(1)']) {
        expect(problems('team-member', { linkedinUrl: url }), url).to.deep.equal(['V_13 linkedinUrl']);
      }
    });

    it('refuses a photo address that is not an image source, and contact details that are not', () => {
      expect(problems('team-member', { photoUrl: 'javascript:alert(1)' })).to.deep.equal(['V_13 photoUrl']);
      expect(problems('team-member', { photo: { ...image, fileID: '' } })).to.include('V_01 photo.fileID');
      expect(problems('team-member', { email: 'anna at example' })).to.deep.equal(['V_02 email']);
      expect(problems('team-member', { phone: 'call me' })).to.deep.equal(['V_12 phone']);
    });

    it('refuses a function too long, and a specialty too long between the commas', () => {
      expect(problems('team-member', { function: 'x'.repeat(255) })).to.deep.equal(['V_11 function']);
      expect(problems('team-member', { specialties: `Mobiliteit, ${'x'.repeat(81)}` })).to.deep.equal(['V_14 specialties']);
    });
  });

  describe('a vacancy', () => {
    it('takes a location, hours per week as a text, a closing date and a summary', () => {
      expect(problems('vacancy', { location: 'Utrecht', hours: '32–36', closingDate: '2026-04-30', summary: 'Kom ons team versterken.' })).to.deep.equal([]);
    });

    it('refuses a closing date that is not one, and texts that are too long', () => {
      expect(problems('vacancy', { closingDate: '30 april' })).to.deep.equal(['V_12 closingDate']);
      expect(problems('vacancy', { location: 'x'.repeat(255), hours: 'x'.repeat(41) })).to.have.members(['V_11 location', 'V_14 hours']);
    });
  });

  describe('an overview', () => {
    it('lists one of the page types that come in numbers, a page of 1 to 48 at a time', () => {
      for (const listedType of listablePageTypeIds) expect(problems('overview', { listedType, pageSize: 48 }), listedType).to.deep.equal([]);
      expect(problems('overview', { listedType: 'publication', pageSize: 1 })).to.deep.equal([]);
    });

    it('refuses a type that is not listed, and a page size outside 1 to 48', () => {
      for (const listedType of ['base', 'overview', 'home', 'nieuws']) expect(problems('overview', { listedType }), listedType).to.deep.equal(['V_12 listedType']);
      expect(problems('overview', { pageSize: 0 })).to.deep.equal(['V_12 pageSize']);
      expect(problems('overview', { pageSize: 2.5 })).to.deep.equal(['V_12 pageSize']);
      expect(problems('overview', { pageSize: 49 })).to.deep.equal(['V_12 pageSize']);
      expect(problems('overview', { pageSize: '12' })).to.deep.equal(['V_12 pageSize']);
    });

    it('offers the listed types by their names in its form', () => {
      const field = pageTypes.overview.typeData.describe().fields.listedType as { meta?: { widget?: string; optionLabels?: Record<string, string> } };
      expect(field.meta?.widget).to.equal('select');
      expect(field.meta?.optionLabels).to.include({ article: 'Articles', publication: 'Publications', 'team-member': 'Team members', vacancy: 'Vacancies' });
    });
  });

  describe('a contact page, a home page and a landing page', () => {
    it('keep no type data of their own (the contact details are the site settings\')', () => {
      for (const id of ['contact', 'home', 'landing-page']) expect(Object.keys(pageType(id)!.typeData.describe().fields), id).to.deep.equal([]);
    });
  });
});

describe('the library media of type data', () => {
  it('are found by shape, whatever the page type', () => {
    expect(typeDataMedia({ mainDownload: file, summary: 'x', photo: null })).to.deep.equal([{ field: 'mainDownload', hash }]);
    expect(typeDataMedia({ photo: image, photoUrl: 'https://example.com/a.jpg' })).to.deep.equal([{ field: 'photo', hash }]);
    expect(typeDataMedia({ mainDownload: { hash: 'short', fileName: 'a.pdf' } })).to.deep.equal([]);
    expect(typeDataMedia(undefined)).to.deep.equal([]);
    expect(typeDataFile({ mainDownload: file }, 'mainDownload')).to.equal(file);
    expect(typeDataImage({ mainDownload: file }, 'mainDownload')).to.equal(null);
    expect(typeDataImage({ photo: image }, 'photo')).to.equal(image);
  });

  it('are served in groups of their own, named by the field', () => {
    expect(pageFileGroup({ kind: 'type_file', field: 'mainDownload' })).to.equal('type_file_mainDownload');
    expect(pageFileGroup({ kind: 'type_image', field: 'photo' })).to.equal('type_image_photo');
    expect(parsePageFileGroup('type_file_mainDownload')).to.deep.equal({ kind: 'type_file', field: 'mainDownload' });
    expect(parsePageFileGroup('type_image_photo')).to.deep.equal({ kind: 'type_image', field: 'photo' });
    for (const bad of ['type_file_', 'type_file_main-download', 'type_image_1photo', 'type_video_x']) expect(parsePageFileGroup(bad), bad).to.equal(null);
  });
});
