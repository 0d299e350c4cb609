import { Group, Loader, Text } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { useConnection, useViewsStale } from '../connection';

/** A connection lost for less than this is not worth a word: the socket is back before it could be read. */
const SHOW_AFTER_MS = 600;
/** How long "Back online" stays once the connection is back. */
const BACK_FOR_MS = 2_500;

/**
 * Whether the page's figures are stale: its connection has been lost for a moment, or one of its
 * live views has gone unconfirmed by the server (connection.ts: the server cannot follow the game,
 * its database away). Every page reads this once (ui/layout.tsx), to say so and to dim what it shows.
 */
export function useStale(): Staleness {
  const connection = useConnection();
  const viewsStale = useViewsStale();
  const [socketLost, setSocketLost] = useState(false);
  useEffect(() => {
    if (connection !== 'reconnecting') return setSocketLost(false);
    const timer = setTimeout(() => setSocketLost(true), SHOW_AFTER_MS);
    return () => clearTimeout(timer);
  }, [connection]);
  return socketLost ? 'connection' : viewsStale ? 'server' : null;
}

/**
 * Why the page's figures are stale: its connection is lost (what the person does is sent once it
 * is back), or the server cannot vouch for them (its database away: what is sent may be refused).
 */
export type Staleness = 'connection' | 'server' | null;

/**
 * Under the header of every page: "Reconnecting…" while the server is away (what the page shows
 * is no longer live, and what the person does will be sent when it is back) or cannot vouch for
 * what the page shows (the server is catching up), then "Back online" for a moment.
 */
export function ConnectionBanner({ staleness }: { staleness: Staleness }) {
  const stale = staleness !== null;
  const [back, setBack] = useState(false);
  const [wasStale, setWasStale] = useState(false);
  useEffect(() => {
    if (stale) {
      setWasStale(true);
      setBack(false);
      return;
    }
    if (!wasStale) return;
    setBack(true);
    const timer = setTimeout(() => setBack(false), BACK_FOR_MS);
    return () => clearTimeout(timer);
  }, [stale, wasStale]);
  if (!stale && !back) return null;
  return (
    <div
      className="connection-banner"
      data-state={stale ? 'reconnecting' : 'back'}
      role="status"
      aria-live="polite"
      data-testid={stale ? 'reconnecting' : 'reconnected'}
    >
      <Group gap="xs" justify="center" wrap="nowrap">
        {stale ? <Loader size={14} color="orange.9" /> : <IconCircleCheck size={18} />}
        <Text size="sm" fw={600}>
          <FormattedMessage
            id={
              staleness === 'connection'
                ? 'connection.reconnecting'
                : staleness === 'server'
                  ? 'connection.catchingUp'
                  : 'connection.back'
            }
          />
        </Text>
      </Group>
    </div>
  );
}
