import { useEffect, useRef } from 'react';
import { useBlocker } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { Modal } from '../modal/modal';

interface LeaveGuardProps {
  /** Whether leaving would lose something. */
  when: boolean;
  /** Leaving without saving was chosen. */
  onLeave: () => void;
  /** Set to let the next navigation pass (the page was deleted, a new page opens on purpose). */
  allowRef: { current: boolean };
  /** Also ask when only the query changes (a screen that keeps what it shows there, such as the menu editor's locale). */
  watchSearch?: boolean;
}

/**
 * Asks before unsaved changes are left behind: a modal for navigation inside the admin
 * (react-router's useBlocker, which needs a data router), the browser's own prompt for a reload or
 * a closed tab.
 */
export function LeaveGuard({ when, onLeave, allowRef, watchSearch = false }: LeaveGuardProps) {
  const { t } = useTranslation();
  const whenRef = useRef(when);

  useEffect(() => {
    whenRef.current = when;
    if (!when) return;
    const ask = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers need returnValue set to show the prompt.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [when]);

  const blocker = useBlocker(({ currentLocation, nextLocation }) => {
    if (allowRef.current || !whenRef.current) return false;
    return currentLocation.pathname !== nextLocation.pathname || (watchSearch && currentLocation.search !== nextLocation.search);
  });
  if (blocker.state !== 'blocked') return null;
  return (
    <Modal
      title={t('leaveGuard.title')}
      size="small"
      onClose={() => blocker.reset()}
      buttons={[
        { text: t('leaveGuard.stay'), theme: 'grey', onClick: () => blocker.reset() },
        {
          text: t('leaveGuard.leave'),
          theme: 'orange',
          onClick: () => {
            onLeave();
            blocker.proceed();
          },
        },
      ]}
    >
      <p>{t('leaveGuard.text')}</p>
    </Modal>
  );
}
