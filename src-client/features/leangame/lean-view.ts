/** The lean pages' hooks: the server's time, names of tools, holders and minutes in the viewer's language. */
import { useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import type { LeanGameView } from '../../../src-shared/leangame/view';
import { useServerOffset } from '../../ui/server-clock';
import type { LeanFacilityView } from './floor';

export * from './floor';

/** The server's time as this device sees it, refreshed every `everyMs` (the lean clock: each second). */
export function useLeanNow(everyMs = 1000): number {
  const offset = useServerOffset();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const tick = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(tick);
  }, [everyMs]);
  return now + offset;
}

/** A tool in words: its shape and colour, translated. */
export function useToolName() {
  const intl = useIntl();
  return (tool: string) => {
    const [shape, colour] = tool.split(':');
    return intl.formatMessage(
      { id: 'lean.toolName' },
      {
        shape: intl.formatMessage({ id: `lean.shape.${shape}` }),
        colour: intl.formatMessage({ id: `lean.colour.${colour}` }),
      },
    );
  };
}

/** Who plays a facility: the player's name or the computer. */
export function useLeanHolder() {
  const intl = useIntl();
  return (f: LeanFacilityView) =>
    f.playerName ?? intl.formatMessage({ id: f.computer ? 'lean.computer' : 'lean.player' });
}

/** The name of whoever holds the improvements panel: a player's name, the instructor, or someone. */
export function useHolderOfPanel(view: LeanGameView): string | null {
  const intl = useIntl();
  const holder = view.improvementsPanelHolder;
  if (holder === null) return null;
  const player = view.facilities.find((f) => f.id === holder.facilityId);
  if (player?.playerName) return player.playerName;
  if (holder.instructor) return intl.formatMessage({ id: 'lean.theInstructor' });
  return intl.formatMessage({ id: 'lean.someone' });
}

/** Minutes with one decimal, in the viewer's language. */
export function useMinutes() {
  const intl = useIntl();
  return (minutes: number) =>
    intl.formatNumber(minutes, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
}
