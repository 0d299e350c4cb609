/**
 * Spec point 6 on the dashboard's lists: "Mine / My team's", shown to an instructor who shares a
 * team with someone, and the name a teammate's item is shown with ('Teammate' without one).
 */
import { SegmentedControl, Text } from '@mantine/core';
import { IconUser } from '@tabler/icons-react';
import { FormattedMessage, useIntl } from 'react-intl';
import { trpc } from '../../trpc';

export type ListScope = 'mine' | 'team';

/** Whether the instructor shares a team with someone (a team of theirs has another member). */
export function useHasTeammates(): boolean {
  const teams = trpc.team.mine.useQuery(undefined, { staleTime: 60_000 });
  return (teams.data ?? []).some((team) => team.members.length > 1);
}

/** The choice between the instructor's own items and their teammates'. */
export function ScopeControl({
  value,
  onChange,
  testId,
}: {
  value: ListScope;
  onChange: (scope: ListScope) => void;
  testId: string;
}) {
  const intl = useIntl();
  return (
    <SegmentedControl
      value={value}
      onChange={(scope) => onChange(scope as ListScope)}
      aria-label={intl.formatMessage({ id: 'dashboard.scopeLabel' })}
      data={[
        { value: 'mine', label: intl.formatMessage({ id: 'dashboard.scopeMine' }) },
        { value: 'team', label: intl.formatMessage({ id: 'dashboard.scopeTeam' }) },
      ]}
      data-testid={testId}
    />
  );
}

/** A teammate's name, or 'Teammate' when they have none (or are gone). */
export function CreatorName({ name, size = 'sm' }: { name: string | null; size?: 'xs' | 'sm' }) {
  return (
    <Text size={size} c="dimmed" span style={{ display: 'inline-flex', alignItems: 'center', gap: 4 }}>
      <IconUser size={size === 'xs' ? 12 : 14} />
      <span data-testid="creator-name" style={{ overflowWrap: 'anywhere' }}>
        {name ?? <FormattedMessage id="dashboard.teammate" />}
      </span>
    </Text>
  );
}

/**
 * How often a teammates' list reads again while shown: their changes wake their own lists, not
 * this one (it also reads again when the window regains focus).
 */
export const TEAM_LIST_REFRESH_MS = 20_000;
