import { notifications } from '@mantine/notifications';
import { useCallback } from 'react';
import { useIntl } from 'react-intl';
import { useNavigate } from 'react-router';
import { paths } from '../paths';
import { TOAST_MS } from './notify';

/**
 * Whether the entry before this one in the tab's history is a page of ours: react-router numbers
 * the entries it creates (`history.state.idx`), from 0 for the page the tab opened on here, so a
 * positive number means we pushed this entry on top of one of our own pages.
 */
function previousPageIsOurs(): boolean {
  const index = (window.history.state as { idx?: unknown } | null)?.idx;
  return typeof index === 'number' && index > 0;
}

/**
 * Leaves a page the viewer may not open (a refused game or session page, spec point 2): back to the previous
 * page when it is one of ours, else home (never another site or a blank tab), then says why in a
 * 3-second toast shown on the page reached.
 */
export function useLeaveRefusedPage(): (messageId: string) => void {
  const intl = useIntl();
  const navigate = useNavigate();
  return useCallback(
    (messageId: string) => {
      // One toast, however many pages refuse the game on the way back.
      const show = () =>
        notifications.show({
          id: 'refused-game',
          color: 'red',
          autoClose: TOAST_MS,
          message: intl.formatMessage({ id: messageId }),
        });
      if (previousPageIsOurs()) {
        window.addEventListener('popstate', show, { once: true });
        navigate(-1);
      } else {
        navigate(paths.home(), { replace: true });
        show();
      }
    },
    [intl, navigate],
  );
}
