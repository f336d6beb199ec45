import { expect } from 'chai';
import { screen, waitFor, within } from '@testing-library/react';
import type { CropParams } from '@pagelog/contracts/blocks/block';
import { renderInApp } from '../../testing/render';
import { CropDialog } from './crop-dialog';

const image = { id: 'beach', fileName: 'beach.jpg', width: 2560, height: 1440 };

function openCrop(value?: CropParams) {
  const applied: CropParams[] = [];
  let removed = 0;
  const view = renderInApp(<CropDialog image={image} value={value} onApply={(params) => applied.push(params)} onRemove={() => removed++} onClose={() => {}} />);
  const dialog = within(screen.getByRole('dialog', { name: 'Crop beach.jpg' }));
  return { ...view, dialog, applied, removed: () => removed };
}

async function retype(user: ReturnType<typeof openCrop>['user'], field: HTMLElement, value: string) {
  await user.clear(field);
  await user.type(field, value);
}

describe('the crop dialog', () => {
  it('starts with the whole image', () => {
    const { dialog } = openCrop();
    const values = ['Left', 'Top', 'Width', 'Height', 'Rotation in degrees'].map((label) => (dialog.getByLabelText(label) as HTMLInputElement).value);
    expect(values).to.deep.equal(['0', '0', '2560', '1440', '0']);
  });

  it('hands back the typed area, turn and flips as cropParams in source pixels', async () => {
    const { dialog, user, applied } = openCrop();
    await retype(user, dialog.getByLabelText('Left'), '100');
    await retype(user, dialog.getByLabelText('Top'), '50.4');
    await retype(user, dialog.getByLabelText('Width'), '1200');
    await retype(user, dialog.getByLabelText('Height'), '675');
    await user.click(dialog.getByRole('button', { name: 'Rotate right' }));
    await user.click(dialog.getByRole('checkbox', { name: 'Flip horizontally' }));
    await user.click(dialog.getByRole('button', { name: 'Apply crop' }));
    expect(applied).to.deep.equal([{ x: 100, y: 50, width: 1200, height: 675, rotate: 90, scaleX: -1, scaleY: 1 }]);
  });

  it('starts from the crop of the use, and shows the result through preview-crop', async () => {
    const { dialog } = openCrop({ x: 10, y: 20, width: 300, height: 200, rotate: 0, scaleX: 1, scaleY: -1 });
    expect((dialog.getByLabelText('Width') as HTMLInputElement).value).to.equal('300');
    expect(dialog.getByRole('checkbox', { name: 'Flip vertically' })).to.have.property('checked', true);
    await waitFor(() =>
      expect(dialog.getByRole('img', { name: 'The cropped result of beach.jpg' }).getAttribute('src')).to.equal(
        '/api/cms/medialib/preview-crop?imageID=beach&x=10&y=20&width=300&height=200&rotate=0&scaleX=1&scaleY=-1&w=640',
      ),
    );
  });

  it('asks preview-crop again once a change has settled', async () => {
    const { dialog, user } = openCrop();
    await retype(user, dialog.getByLabelText('Width'), '640');
    await waitFor(() => expect(dialog.getByRole('img', { name: 'The cropped result of beach.jpg' }).getAttribute('src')).to.contain('&width=640&'));
  });

  it('offers to remove the crop', async () => {
    const { dialog, user, removed, applied } = openCrop({ x: 0, y: 0, width: 10, height: 10, rotate: 0, scaleX: 1, scaleY: 1 });
    await user.click(dialog.getByRole('button', { name: 'Remove crop' }));
    expect(removed()).to.equal(1);
    expect(applied).to.deep.equal([]);
  });
});
