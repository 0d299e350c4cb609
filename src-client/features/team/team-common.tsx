import { Badge, Group, Modal, Stack, Text } from '@mantine/core';
import type { inferRouterOutputs } from '@trpc/server';
import type { FormEvent, ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { AppRouter } from '../../../src-server/trpc/router';
import type { PlanGameType } from '../../../src-shared/billing/invoice';
import { trpc } from '../../trpc';
import { DialogButtons } from '../../ui/dialog-buttons';
import { TOAST_MS, toastError, toastMessage } from '../../ui/notify';

/** A team as its member sees it (the team router's `mine`). */
export type Team = inferRouterOutputs<AppRouter>['team']['mine'][number];
export type TeamMember = Team['members'][number];

/** The game types a member may use, in the order the product lists them. */
export const TEAM_GAMES: readonly PlanGameType[] = ['beergame', 'leangame'];

/**
 * What a team command does once answered: its toast, and the teams read again (the plans' too: a
 * member's game types are what they may create); a refusal is a toast in its words.
 */
export function useTeamOutcome() {
  const intl = useIntl();
  const utils = trpc.useUtils();
  return (successId: string, values?: Record<string, string>) => ({
    onSuccess: () => {
      toastMessage(intl, successId, 'green', TOAST_MS, values);
      void utils.team.mine.invalidate();
      void utils.billing.status.invalidate();
    },
    onError: (error: unknown) => toastError(intl, error),
  });
}

/** A member's name, or 'Teammate' when they have none (spec: the creator has no name yet). */
export function useMemberName() {
  const intl = useIntl();
  return (member: TeamMember) => member.name?.trim() || intl.formatMessage({ id: 'team.teammate' });
}

export function RoleBadge({ role }: { role: 'admin' | 'member' }) {
  return (
    <Badge
      variant={role === 'admin' ? 'filled' : 'light'}
      color={role === 'admin' ? 'blue' : 'gray'}
      tt="none"
      style={{ flex: 'none' }}
      data-testid="team-member-role"
    >
      <FormattedMessage id={role === 'admin' ? 'team.roleAdmin' : 'team.roleMember'} />
    </Badge>
  );
}

export function GameChips({ games }: { games: readonly string[] }) {
  if (games.length === 0)
    return (
      <Text size="sm" c="dimmed">
        <FormattedMessage id="team.noGames" />
      </Text>
    );
  return (
    <Group gap={6}>
      {TEAM_GAMES.filter((game) => games.includes(game)).map((game) => (
        <Badge
          key={game}
          variant="outline"
          color={game === 'beergame' ? 'orange' : 'teal'}
          tt="none"
          fw={500}
        >
          <FormattedMessage id={`team.game.${game}`} />
        </Badge>
      ))}
    </Group>
  );
}

/** A question before an action that cannot be taken back: what it does, and the button that does it. */
export function ConfirmDialog({
  opened,
  title,
  children,
  confirmLabel,
  color = 'red',
  loading,
  onConfirm,
  onClose,
  testId,
}: {
  opened: boolean;
  title: ReactNode;
  children: ReactNode;
  confirmLabel: ReactNode;
  color?: string;
  loading: boolean;
  onConfirm: () => void;
  onClose: () => void;
  testId: string;
}) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onConfirm();
  };
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered>
      <form onSubmit={submit} noValidate>
        <Stack>
          <Text size="sm">{children}</Text>
          <DialogButtons
            onCancel={onClose}
            submitLabel={confirmLabel}
            loading={loading}
            color={color}
            testId={testId}
          />
        </Stack>
      </form>
    </Modal>
  );
}
