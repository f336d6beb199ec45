import { expect } from 'chai';
import { blockFileSchema, blockImageSchema } from '../blocks/block-media';
import {
  childPath,
  extensionsOf,
  isWithin,
  MAX_MEDIA_NAME,
  mediaNameKey,
  nameForType,
  normaliseMediaName,
  normaliseMediaPath,
  parseVideoLink,
  splitMediaPath,
  videoReferenceKey,
} from './media';

describe('media names and paths', () => {
  describe('normaliseMediaName', () => {
    it('keeps a name as Unicode NFC, trimmed, with inner runs of white space as one space', () => {
      expect(normaliseMediaName('  Zee   bij\tnacht.jpg ')).to.equal('Zee bij nacht.jpg');
      const decomposed = 'Cafe\u0301 op het plein.png';
      expect(normaliseMediaName(decomposed)).to.equal('Café op het plein.png');
      expect(normaliseMediaName(decomposed)).to.equal(normaliseMediaName('Café op het plein.png'));
      expect(normaliseMediaName('日本語のファイル.pdf')).to.equal('日本語のファイル.pdf');
    });

    it('refuses what is no name: empty, dots, separators, traversal, control characters, too long', () => {
      for (const bad of ['', '   ', '.', '..', '...', '../x', 'a/b', 'a\\b', 'x\u0000y', 'regel\nbreuk', 'bel\u0007', 'c1\u0085', 'lij\u2028n', 'eindigt.', 'x'.repeat(MAX_MEDIA_NAME + 1)]) {
        expect(normaliseMediaName(bad), JSON.stringify(bad)).to.equal(null);
      }
      expect(normaliseMediaName(42)).to.equal(null);
      expect(normaliseMediaName(null)).to.equal(null);
      expect(normaliseMediaName('x'.repeat(MAX_MEDIA_NAME))).to.equal('x'.repeat(MAX_MEDIA_NAME));
    });

    it('refuses invisible and bidirectional formatting characters, so a name reads as what it is', () => {
      const hidden = ['\u200b', '\u200c', '\u200d', '\u200e', '\u200f', '\u202a', '\u202b', '\u202c', '\u202d', '\u202e', '\u2066', '\u2067', '\u2068', '\u2069', '\ufeff'];
      for (const char of hidden) {
        expect(normaliseMediaName(`invoice${char}fdp.exe`), escape(char)).to.equal(null);
        expect(normaliseMediaPath(`/a${char}b`), escape(char)).to.equal(null);
      }
      // What the block schemas take as a stored file name refuses them too.
      const hash = '0'.repeat(64);
      const fileID = '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b';
      for (const char of hidden) {
        expect(blockFileSchema.isValidSync({ hash, fileName: `invoice${char}fdp.exe` }), escape(char)).to.equal(false);
        expect(blockImageSchema.isValidSync({ hash, fileID, fileName: `foto${char}.jpg` }), escape(char)).to.equal(false);
      }
      expect(blockFileSchema.isValidSync({ hash, fileName: 'factuur – april ’24.pdf' })).to.equal(true);
      expect(normaliseMediaName('Zomer ☀️ 2024.jpg')).to.equal('Zomer ☀️ 2024.jpg');
    });

    it('compares names case-insensitively and across Unicode forms (one name per folder)', () => {
      expect(mediaNameKey('Foto.JPG')).to.equal(mediaNameKey('foto.jpg'));
      expect(mediaNameKey('Cafe\u0301')).to.equal(mediaNameKey('café'));
      expect(mediaNameKey('a.jpg')).to.not.equal(mediaNameKey('b.jpg'));
    });
  });

  describe('normaliseMediaPath', () => {
    it('writes the root as / and every other folder as /a/b', () => {
      expect(normaliseMediaPath('')).to.equal('/');
      expect(normaliseMediaPath('/')).to.equal('/');
      expect(normaliseMediaPath('Fotos')).to.equal('/Fotos');
      expect(normaliseMediaPath('/Fotos/2024/')).to.equal('/Fotos/2024');
      expect(normaliseMediaPath('//Fotos//')).to.equal('/Fotos');
      expect(normaliseMediaPath('/ Zomer  2024 /Cafe\u0301')).to.equal('/Zomer 2024/Café');
    });

    it('refuses a path that leaves the library or holds what no name may', () => {
      for (const bad of ['/..', '/Fotos/../geheim', '/./x', '/a/../b', '/a/\u0000', '/a/b\nc', 'x'.repeat(2001)]) {
        expect(normaliseMediaPath(bad), JSON.stringify(bad)).to.equal(null);
      }
      expect(normaliseMediaPath(undefined)).to.equal(null);
      expect(splitMediaPath('/a/../b')).to.equal(null);
      expect(splitMediaPath('/a/b')).to.deep.equal(['a', 'b']);
    });

    it('places names in folders and tells what lies within a folder', () => {
      expect(childPath('/', 'Fotos')).to.equal('/Fotos');
      expect(childPath('/Fotos', '2024')).to.equal('/Fotos/2024');
      expect(isWithin('/Fotos/2024', '/Fotos')).to.equal(true);
      expect(isWithin('/Fotos', '/Fotos')).to.equal(true);
      expect(isWithin('/Fotos2', '/Fotos')).to.equal(false);
      expect(isWithin('/x', '/')).to.equal(true);
    });
  });

  describe('parseVideoLink', () => {
    it('takes YouTube links in their usual forms, with the video id', () => {
      const id = 'dQw4w9WgXcQ';
      for (const link of [
        `https://www.youtube.com/watch?v=${id}`,
        `https://youtube.com/watch?feature=share&v=${id}&t=42`,
        `https://m.youtube.com/watch?v=${id}`,
        `https://youtu.be/${id}`,
        `https://youtu.be/${id}?t=10`,
        `https://www.youtube.com/embed/${id}`,
        `https://www.youtube.com/shorts/${id}`,
        `https://www.youtube-nocookie.com/embed/${id}`,
        ` https://www.youtube.com/watch?v=${id} `,
      ]) {
        expect(parseVideoLink(link), link).to.deep.equal({ provider: 'youtube', videoId: id });
      }
    });

    it('takes Vimeo links, with the numeric id', () => {
      expect(parseVideoLink('https://vimeo.com/76979871')).to.deep.equal({ provider: 'vimeo', videoId: '76979871' });
      expect(parseVideoLink('https://vimeo.com/channels/staffpicks/76979871')).to.deep.equal({ provider: 'vimeo', videoId: '76979871' });
      expect(parseVideoLink('https://player.vimeo.com/video/76979871?h=abc')).to.deep.equal({ provider: 'vimeo', videoId: '76979871' });
    });

    it('refuses anything else: other hosts, look-alike hosts, user info, other ports, schemes and malformed ids', () => {
      for (const bad of [
        'https://www.example.com/watch?v=dQw4w9WgXcQ',
        'https://youtube.com.evil.test/watch?v=dQw4w9WgXcQ',
        'https://evil.test/youtube.com/watch?v=dQw4w9WgXcQ',
        'https://user@youtube.com/watch?v=dQw4w9WgXcQ',
        'https://youtube.com:8443/watch?v=dQw4w9WgXcQ',
        'javascript:alert(1)//youtube.com/watch?v=dQw4w9WgXcQ',
        'ftp://youtube.com/watch?v=dQw4w9WgXcQ',
        'https://www.youtube.com/watch?v=short',
        'https://www.youtube.com/watch?v=dQw4w9WgXcQ<script>',
        'https://youtu.be/',
        'https://vimeo.com/abc',
        'https://player.vimeo.com/76979871',
        'youtube.com/watch?v=dQw4w9WgXcQ',
        '',
        'https://youtu.be/' + 'x'.repeat(2100),
      ]) {
        expect(parseVideoLink(bad), bad).to.equal(null);
      }
      expect(parseVideoLink(undefined)).to.equal(null);
    });
  });

  describe('nameForType', () => {
    it('keeps a name whose extension fits the type, in any case', () => {
      expect(nameForType('Foto.JPG', 'image/jpeg')).to.equal('Foto.JPG');
      expect(nameForType('foto.jpeg', 'image/jpeg')).to.equal('foto.jpeg');
      expect(nameForType('lijst.csv', 'text/plain; charset=utf-8')).to.equal('lijst.csv');
      expect(nameForType('notities.txt', 'text/plain; charset=utf-8')).to.equal('notities.txt');
      expect(nameForType('plan.docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document')).to.equal('plan.docx');
    });

    it('replaces an extension of another type with the usual one of the bytes', () => {
      expect(nameForType('plaatje.pdf', 'image/png')).to.equal('plaatje.png');
      for (const ext of ['js', 'bat', 'vbs', 'hta', 'html', 'exe', 'md']) {
        expect(nameForType(`invoice.${ext}`, 'text/plain; charset=utf-8'), ext).to.equal('invoice.txt');
      }
      expect(nameForType('logo.png', 'image/svg+xml')).to.equal('logo.svg');
      expect(nameForType('oud.doc', 'application/vnd.ms-excel')).to.equal('oud.xls');
      expect(nameForType('.exe', 'application/pdf')).to.equal('file.pdf');
    });

    it('appends the usual extension to a name without one (a number after a dot is no extension)', () => {
      expect(nameForType('Intro', 'image/jpeg')).to.equal('Intro.jpg');
      expect(nameForType('Verslag v1.2', 'application/pdf')).to.equal('Verslag v1.2.pdf');
      const long = nameForType('x'.repeat(MAX_MEDIA_NAME), 'image/webp');
      expect(long).to.have.length(MAX_MEDIA_NAME);
      expect(long.endsWith('x.webp')).to.equal(true);
    });

    it('leaves names of items without a type (videos) and of unknown types as they are', () => {
      expect(nameForType('Intro.mp4', null)).to.equal('Intro.mp4');
      expect(nameForType('a.bin', 'application/octet-stream')).to.equal('a.bin');
      expect(extensionsOf('IMAGE/PNG')).to.deep.equal(['png']);
      expect(extensionsOf('application/zip')).to.equal(null);
    });
  });

  it('keys a video by provider and id, apart from any content hash', () => {
    expect(videoReferenceKey('youtube', 'dQw4w9WgXcQ')).to.equal('video:youtube:dQw4w9WgXcQ');
    expect(videoReferenceKey('vimeo', '76979871')).to.equal('video:vimeo:76979871');
  });
});
