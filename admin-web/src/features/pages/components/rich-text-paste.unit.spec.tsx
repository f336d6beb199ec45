import { expect } from 'chai';
import { screen, waitFor } from '@testing-library/react';
import type { Editor } from '@tiptap/core';
import { blockTypes } from '@pagelog/contracts/blocks/block-types';
import { wellFormedHtml } from '@pagelog/contracts/blocks/well-formed-html';
import { fakeServer } from '../../../testing/fake-server';
import { renderInApp } from '../../../testing/render';
import { SchemaForm } from './schema-form';

/**
 * What Word puts on the clipboard, the body of its HTML (without its <style>: ProseMirror reads a
 * pasted style sheet's `rules`, which the test document lacks): its own classes, inline styles,
 * conditional comments and o: tags.
 */
const fromWord = `<!--[if gte mso 9]><xml><o:OfficeDocumentSettings></o:OfficeDocumentSettings></xml><![endif]-->
<h1 class="MsoTitle" style="mso-outline-level:1">Jaarverslag</h1>
<p class="MsoNormal" style="font-family:Calibri;color:#1F3864"><span style="font-size:14pt"><b>Vet</b> en <i>schuin</i> en <u>onderstreept</u></span><o:p></o:p></p>
<table class="MsoTableGrid"><tr><td><p class="MsoNormal">In een cel</p></td></tr></table>
<p class="MsoListParagraph" style="mso-list:l0 level1 lfo1"><span style="font-family:Symbol">·</span> Eerste punt</p>
<p><a href="javascript:alert(1)">Een gevaarlijke link</a> en <a href="https://www.voorbeeld.nl/rapport">een goede</a></p>
<script>alert(1)</script><img src="file:///C:/Users/x/image001.png">`;

function textForm() {
  const changes: Record<string, unknown>[] = [];
  renderInApp(<SchemaForm schema={blockTypes.text.props} values={{ html: '' }} locale="nl-nl" onChange={(v) => changes.push(v)} />, { server: fakeServer({}) });
  return { last: () => (changes[changes.length - 1]?.html ?? '') as string };
}

describe('pasting into the rich text editor', () => {
  it('keeps what the allowed tags can say of a Word document, and nothing else', async () => {
    const { last } = textForm();
    const textbox = await screen.findByRole('textbox', { name: 'Text' });
    const editor = (textbox as HTMLElement & { editor: Editor }).editor;
    editor.view.pasteHTML(fromWord);
    await waitFor(() => expect(last()).to.include('Eerste punt'));
    const html = last();
    // A title becomes the highest heading a block may hold; bold and italic stay.
    expect(html).to.match(/<h2>Jaarverslag<\/h2>/);
    expect(html).to.include('<strong>Vet</strong>');
    expect(html).to.include('<em>schuin</em>');
    expect(html).to.include('<a href="https://www.voorbeeld.nl/rapport">een goede</a>');
    // Word's styles, classes, comments, its o: tags, underline, tables, images and scripts are gone.
    expect(html).to.not.match(/class=|style=|<!--|<o:|<u>|<table|<td|<img|<script|javascript:|Mso/i);
    expect(html).to.include('Een gevaarlijke link');
    expect(wellFormedHtml(html)).to.equal(true);
  });

  it('keeps the headings, lists and quotations of a web page, without its layout', async () => {
    const { last } = textForm();
    const textbox = await screen.findByRole('textbox', { name: 'Text' });
    const editor = (textbox as HTMLElement & { editor: Editor }).editor;
    editor.view.pasteHTML(
      '<div class="article" style="display:flex"><h3 id="x" class="title">Kop</h3><ul class="list"><li><span style="color:red">Een</span></li><li>Twee</li></ul><blockquote cite="x"><p>Citaat</p></blockquote><iframe src="https://example.com"></iframe><button onclick="x()">Klik</button></div>',
    );
    await waitFor(() => expect(last()).to.include('Citaat'));
    expect(last()).to.equal('<h3>Kop</h3><ul><li><p>Een</p></li><li><p>Twee</p></li></ul><blockquote><p>Citaat</p></blockquote><p>Klik</p>');
  });
});
