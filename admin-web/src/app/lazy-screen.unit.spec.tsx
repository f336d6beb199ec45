import { expect } from 'chai';
import { act, screen } from '@testing-library/react';
import { useState } from 'react';
import { renderInApp } from '../testing/render';
import { lazyScreen } from './lazy-screen';

/** A chunk the spec delivers (or fails) when it chooses. */
function deferredChunk() {
  let deliver!: () => void;
  let fail!: () => void;
  const fetches: Promise<() => React.JSX.Element>[] = [];
  const load = () => {
    const fetch = new Promise<() => React.JSX.Element>((resolve, reject) => {
      deliver = () => resolve(TypingScreen);
      fail = () => reject(new TypeError('Failed to fetch dynamically imported module'));
    });
    fetches.push(fetch);
    return fetch;
  };
  return { load, fetches, deliver: () => act(async () => deliver()), fail: () => act(async () => fail()) };
}

function TypingScreen() {
  const [text, setText] = useState('');
  return (
    <label>
      Note
      <input value={text} onChange={(event) => setText(event.target.value)} />
    </label>
  );
}

describe('a screen in a chunk of its own', () => {
  describe('while its chunk is on its way', () => {
    it('says the screen is loading, as a status', () => {
      const chunk = deferredChunk();
      const Screen = lazyScreen(chunk.load);
      renderInApp(<Screen />);
      expect(screen.getByRole('status').textContent).to.equal('Loading the screen…');
    });

    it('shows the screen once it arrives, and fetches it once', async () => {
      const chunk = deferredChunk();
      const Screen = lazyScreen(chunk.load);
      renderInApp(<Screen />);
      await chunk.deliver();
      expect(screen.getByLabelText('Note')).to.exist;
      expect(screen.queryByRole('status')).to.equal(null);
      expect(chunk.fetches).to.have.length(1);
    });
  });

  describe('once its chunk has arrived', () => {
    it('shows the screen at once on the next visit, without a loading state', async () => {
      const chunk = deferredChunk();
      const Screen = lazyScreen(chunk.load);
      const preloaded = Screen.preload();
      await chunk.deliver();
      await preloaded;
      renderInApp(<Screen />);
      expect(screen.getByLabelText('Note')).to.exist;
      expect(screen.queryByRole('status')).to.equal(null);
    });

    it('keeps what the user typed when the screen around it renders again', async () => {
      const chunk = deferredChunk();
      const Screen = lazyScreen(chunk.load);
      function Shell() {
        const [renders, setRenders] = useState(0);
        return (
          <>
            <button type="button" onClick={() => setRenders(renders + 1)}>
              Render again ({renders})
            </button>
            <Screen />
          </>
        );
      }
      const view = renderInApp(<Shell />);
      await chunk.deliver();
      await view.user.type(screen.getByLabelText('Note'), 'kept');
      await view.user.click(screen.getByRole('button', { name: 'Render again (0)' }));
      expect(screen.getByRole('button', { name: 'Render again (1)' })).to.exist;
      expect((screen.getByLabelText('Note') as HTMLInputElement).value).to.equal('kept');
    });
  });

  describe('when its chunk cannot be fetched', () => {
    it('says so, with a way to reload, instead of a blank screen', async () => {
      const chunk = deferredChunk();
      const Screen = lazyScreen(chunk.load);
      renderInApp(<Screen />);
      await chunk.fail();
      const alert = screen.getByRole('alert');
      expect(alert.querySelector('h1')?.textContent).to.equal('This screen could not be loaded');
      expect(screen.getByRole('button', { name: 'Reload' })).to.exist;
    });

    it('tries again on the next visit', async () => {
      const chunk = deferredChunk();
      const Screen = lazyScreen(chunk.load);
      const first = renderInApp(<Screen />);
      await chunk.fail();
      first.unmount();
      renderInApp(<Screen />);
      expect(chunk.fetches).to.have.length(2);
      await chunk.deliver();
      expect(screen.getByLabelText('Note')).to.exist;
    });
  });
});
