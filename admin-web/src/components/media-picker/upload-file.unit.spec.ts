import { expect } from 'chai';
import { errorItem } from '@pagelog/contracts/error-catalogue';
import { createApiClient } from '../../core/api/api-client';
import { anItem, fakeUploads } from '../../testing/media';
import { failure, success } from '../../testing/replies';
import { createUploader } from './upload-file';

/** An API client that has seen a CSRF token and a position, as after the session check and a write. */
async function signedInClient() {
  const api = createApiClient({
    fetch: async () =>
      new Response(JSON.stringify({ Success: true, Errors: [], data: { ID: 'u1' } }), {
        status: 200,
        headers: { 'Content-Type': 'application/json', 'X-CSRF-Token': 'token-1', 'X-Pagelog-Position': '40' },
      }),
  });
  await api.call('authUser');
  return api;
}

const photo = () => new File([new Uint8Array(2048)], 'beach.jpg', { type: 'image/jpeg' });

describe('uploading a file to the library', () => {
  it('sends the folder before the file, with the headers of a command', async () => {
    const api = await signedInClient();
    const uploads = fakeUploads();
    await createUploader(api, uploads.createRequest)(photo(), '/photos');
    const [sent] = uploads.sent;
    expect(sent!.url).to.equal('/api/cms/medialib/add-file');
    expect(sent!.fields).to.deep.equal([
      ['path', '/photos'],
      ['f', 'beach.jpg'],
    ]);
    expect(sent!.file!.size).to.equal(2048);
    expect(sent!.headers).to.include({ 'X-Requested-With': 'XMLHttpRequest', 'X-CSRF-Token': 'token-1', 'X-Pagelog-Min-Position': '40' });
    expect(sent!.headers['Idempotency-Key']).to.match(/^[A-Za-z0-9_.:-]{16,}$/);
  });

  it('asks for a second item on the same bytes only when told to', async () => {
    const uploads = fakeUploads();
    await createUploader(await signedInClient(), uploads.createRequest)(photo(), '/', { allowDuplicate: true });
    expect(uploads.sent[0]!.fields).to.deep.equal([
      ['path', '/'],
      ['allowDuplicate', 'true'],
      ['f', 'beach.jpg'],
    ]);
  });

  it('reports progress and answers the stored item', async () => {
    const uploads = fakeUploads();
    const item = anItem({ id: 'new' });
    uploads.answer(success({ item, duplicate: false, position: 41 }));
    const seen: number[] = [];
    const reply = await createUploader(await signedInClient(), uploads.createRequest)(photo(), '/', { onProgress: (fraction) => seen.push(fraction) });
    expect(seen).to.deep.equal([0.5, 1]);
    expect(reply).to.include({ status: 200, Success: true });
    expect(reply.data!.item).to.deep.equal(item);
  });

  it('tells the API client the position of the upload, so later reads include it', async () => {
    const api = await signedInClient();
    const positions: number[] = [];
    api.onPosition((position) => positions.push(position));
    const uploads = fakeUploads();
    await createUploader(api, uploads.createRequest)(photo(), '/');
    expect(positions).to.deep.equal([501]);
    expect(api.minPosition()).to.equal(501);
  });

  it('answers the errors of a refusal with its status', async () => {
    const uploads = fakeUploads();
    uploads.answer(failure(413, errorItem('ML_01', 'f', 'media')));
    const reply = await createUploader(await signedInClient(), uploads.createRequest)(photo(), '/');
    expect(reply).to.include({ status: 413, Success: false, data: null });
    expect(reply.Errors.map((error) => error.code)).to.deep.equal(['ML_01']);
  });

  it('counts only a 200 as success', async () => {
    const uploads = fakeUploads();
    uploads.answer({ status: 202, Success: true, Errors: [], data: { item: anItem(), duplicate: false, position: 1 } });
    const reply = await createUploader(await signedInClient(), uploads.createRequest)(photo(), '/');
    expect(reply).to.include({ status: 202, Success: false });
    expect(reply.Errors.map((error) => error.code)).to.deep.equal(['ML_07']);
  });

  it('stops when cancelled, answering "Upload cancelled."', async () => {
    const uploads = fakeUploads();
    uploads.answer('hold');
    const controller = new AbortController();
    const replying = createUploader(await signedInClient(), uploads.createRequest)(photo(), '/', { signal: controller.signal });
    controller.abort();
    const reply = await replying;
    expect(uploads.sent[0]!.aborted).to.equal(true);
    expect(reply).to.include({ status: 0, Success: false, cancelled: true });
    expect(reply.Errors.map((error) => error.message)).to.deep.equal(['Upload cancelled.']);
  });
});
