import { ActionIcon } from '@mantine/core';
import { IconMusic } from '@tabler/icons-react';
import { type ButtonHTMLAttributes, lazy, Suspense, useState } from 'react';
import { useIntl } from 'react-intl';
import { withAudienceMessages } from '../i18n';
import { loadChunk } from '../load-chunk';

const loadPlayer = () =>
  withAudienceMessages(
    'music',
    loadChunk(() => import('./music-player')),
  );
const MusicPlayer = lazy(loadPlayer);

/**
 * The top bar's music button (spec point 2). The player, its words and its tracks load at its first
 * press, not with the page (a player's first load stays small), and then stay mounted while the
 * bar shows it: the music goes on from page to page. Nothing plays before a press of its play button.
 */
export function MusicButton() {
  const intl = useIntl();
  const [wanted, setWanted] = useState(false);
  const trigger = (
    props: Pick<ButtonHTMLAttributes<HTMLButtonElement>, 'onClick' | 'onPointerEnter' | 'onFocus'>,
  ) => (
    <ActionIcon
      variant="subtle"
      size="lg"
      aria-label={intl.formatMessage({ id: 'nav.music' })}
      data-testid="music-button"
      {...props}
    >
      <IconMusic size={20} stroke={1.6} />
    </ActionIcon>
  );
  if (!wanted)
    return trigger({
      onPointerEnter: () => void loadPlayer(),
      onClick: () => setWanted(true),
    });
  return (
    <Suspense fallback={trigger({})}>
      <MusicPlayer target={trigger({})} />
    </Suspense>
  );
}
