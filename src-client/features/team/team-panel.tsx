import {
  ActionIcon,
  Badge,
  Button,
  Card,
  Divider,
  Group,
  Loader,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconCheck, IconLogout, IconPencil, IconUsersGroup, IconX } from '@tabler/icons-react';
import { type FormEvent, useEffect, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { TEAM_NAME_MAX } from '../../../src-shared/team/schemas';
import { useCurrentUser } from '../../auth';
import { newCommandId, trpc } from '../../trpc';
import { toastError } from '../../ui/notify';
import { teamJoined } from './joined';
import { InviteForm, JoinLink, PendingInvites } from './team-admin';
import { ConfirmDialog, type Team, useTeamOutcome } from './team-common';
import { TeamMembers } from './team-members';

/**
 * The subscription tab's teams (issue 27, spec points 3, 6 and 7): with none, an offer to create
 * one; else each team of the user's (the first is "your team"): its name, its members, leaving it,
 * and for its admins the invitations by e-mail and by link.
 */
export function TeamPanel() {
  const mine = trpc.team.mine.useQuery();
  const { user } = useCurrentUser();
  const { refetch } = mine;
  useEffect(() => {
    const readAgain = () => void refetch();
    teamJoined.addEventListener('joined', readAgain);
    return () => teamJoined.removeEventListener('joined', readAgain);
  }, [refetch]);
  if (mine.isPending)
    return (
      <Group justify="center" mt="xl">
        <Loader size="sm" />
      </Group>
    );
  if (!mine.data || !user) return null;
  return (
    <Stack gap="lg" mt="xl" data-testid="team-panel">
      {mine.data.length === 0 ? (
        <CreateTeamCard />
      ) : (
        mine.data.map((team) => <TeamCard key={team.teamId} team={team} meId={user.id} />)
      )}
    </Stack>
  );
}

function CreateTeamCard() {
  const intl = useIntl();
  const [name, setName] = useState('');
  const [refused, setRefused] = useState(false);
  const create = trpc.team.create.useMutation(useTeamOutcome()('team.created'));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) return setRefused(true);
    create.mutate({ name: name.trim(), commandId: newCommandId() });
  };
  return (
    <Card withBorder padding="xl" data-testid="team-create">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Group gap="sm" wrap="nowrap">
            <IconUsersGroup size={28} color="var(--mantine-color-blue-6)" style={{ flex: 'none' }} />
            <Title order={3}>
              <FormattedMessage id="team.createTitle" />
            </Title>
          </Group>
          <Text c="dimmed" maw={640}>
            <FormattedMessage id="team.createExplain" />
          </Text>
          <Group align="flex-start" gap="sm">
            <TextInput
              label={intl.formatMessage({ id: 'team.nameLabel' })}
              placeholder={intl.formatMessage({ id: 'team.namePlaceholder' })}
              value={name}
              maxLength={TEAM_NAME_MAX}
              onChange={(e) => {
                setName(e.currentTarget.value);
                setRefused(false);
              }}
              error={refused ? intl.formatMessage({ id: 'team.errNameRequired' }) : undefined}
              style={{ flex: '1 1 260px', maxWidth: 420 }}
              data-testid="team-create-name"
            />
          </Group>
          <Group>
            <Button type="submit" loading={create.isPending} data-testid="team-create-submit">
              <FormattedMessage id="team.createButton" />
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}

function TeamCard({ team, meId }: { team: Team; meId: string }) {
  const admin = team.role === 'admin';
  const phone = useMediaQuery('(max-width: 48em)');
  return (
    <Card withBorder padding={phone ? 'md' : 'xl'} data-testid="team-card" data-team={team.teamId}>
      <Stack gap="lg">
        <TeamHeader team={team} />
        <TeamMembers team={team} meId={meId} />
        {admin && (
          <>
            <Divider />
            <JoinLink team={team} />
            <Divider />
            <InviteForm team={team} />
            <PendingInvites team={team} />
          </>
        )}
        <Divider />
        <LeaveTeam team={team} />
      </Stack>
    </Card>
  );
}

/** The team's name (admins rename it in place), whether it is the user's team, and their role. */
function TeamHeader({ team }: { team: Team }) {
  const intl = useIntl();
  const [editing, setEditing] = useState<string | null>(null);
  const outcome = useTeamOutcome()('team.renamed');
  const rename = trpc.team.rename.useMutation({
    onSuccess: () => {
      outcome.onSuccess();
      setEditing(null);
    },
    onError: (error) => toastError(intl, error),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (editing?.trim())
      rename.mutate({ teamId: team.teamId, name: editing.trim(), commandId: newCommandId() });
  };
  const badges = (
    <Group gap="xs">
      {team.first && (
        <Badge variant="light" tt="none" data-testid="team-yours">
          <FormattedMessage id="team.yourTeam" />
        </Badge>
      )}
    </Group>
  );
  if (editing !== null)
    return (
      <form onSubmit={submit} noValidate>
        <Group gap="xs" wrap="nowrap" align="flex-end">
          <TextInput
            label={intl.formatMessage({ id: 'team.nameLabel' })}
            value={editing}
            maxLength={TEAM_NAME_MAX}
            onChange={(e) => setEditing(e.currentTarget.value)}
            onKeyDown={(e) => e.key === 'Escape' && setEditing(null)}
            data-autofocus
            autoFocus
            style={{ flex: 1, maxWidth: 420 }}
            data-testid="team-rename-name"
          />
          <ActionIcon
            type="submit"
            size="lg"
            loading={rename.isPending}
            disabled={!editing.trim()}
            aria-label={intl.formatMessage({ id: 'team.save' })}
            data-testid="team-rename-save"
          >
            <IconCheck size={18} />
          </ActionIcon>
          <ActionIcon
            size="lg"
            variant="default"
            onClick={() => setEditing(null)}
            aria-label={intl.formatMessage({ id: 'board.cancel' })}
          >
            <IconX size={18} />
          </ActionIcon>
        </Group>
      </form>
    );
  return (
    <Group justify="space-between" align="flex-start" gap="sm">
      <Stack gap={4} style={{ minWidth: 0 }}>
        {badges}
        <Group gap={6} wrap="nowrap">
          <Title order={3} style={{ overflowWrap: 'anywhere' }} data-testid="team-name">
            {team.name}
          </Title>
          {team.role === 'admin' && (
            <ActionIcon
              variant="subtle"
              color="gray"
              onClick={() => setEditing(team.name)}
              aria-label={intl.formatMessage({ id: 'team.rename' })}
              data-testid="team-rename"
            >
              <IconPencil size={18} />
            </ActionIcon>
          )}
        </Group>
        <Text size="sm" c="dimmed">
          <FormattedMessage id="team.memberCount" values={{ count: team.members.length }} />
        </Text>
      </Stack>
    </Group>
  );
}

/** Leaving the team, asked first; the last admin is refused by the server (team.errLastAdmin), said in a toast. */
function LeaveTeam({ team }: { team: Team }) {
  const [confirming, setConfirming] = useState(false);
  const outcome = useTeamOutcome()('team.left', { name: team.name });
  const leave = trpc.team.leave.useMutation({
    onSuccess: outcome.onSuccess,
    onError: outcome.onError,
    onSettled: () => setConfirming(false),
  });
  return (
    <Group justify="flex-end">
      <Button
        variant="subtle"
        color="red"
        leftSection={<IconLogout size={16} />}
        onClick={() => setConfirming(true)}
        data-testid="team-leave"
      >
        <FormattedMessage id="team.leave" />
      </Button>
      <ConfirmDialog
        opened={confirming}
        title={<FormattedMessage id="team.leaveTitle" values={{ name: team.name }} />}
        confirmLabel={<FormattedMessage id="team.leave" />}
        loading={leave.isPending}
        onConfirm={() => leave.mutate({ teamId: team.teamId, commandId: newCommandId() })}
        onClose={() => setConfirming(false)}
        testId="team-leave-confirm"
      >
        <FormattedMessage id="team.leaveExplain" />
      </ConfirmDialog>
    </Group>
  );
}
