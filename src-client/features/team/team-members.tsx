import {
  ActionIcon,
  Card,
  Checkbox,
  Group,
  Menu,
  Modal,
  Stack,
  Table,
  Text,
  VisuallyHidden,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconCrown, IconDots, IconPuzzle, IconUserMinus } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { PlanGameType } from '../../../src-shared/billing/invoice';
import { newCommandId, trpc } from '../../trpc';
import { DialogButtons } from '../../ui/dialog-buttons';
import {
  ConfirmDialog,
  GameChips,
  RoleBadge,
  TEAM_GAMES,
  type Team,
  type TeamMember,
  useMemberName,
  useTeamOutcome,
} from './team-common';

type MemberAction = { kind: 'games' | 'admin' | 'remove'; member: TeamMember };

/**
 * The team's members: a table on a laptop, a card each on a phone; an admin's menu on each other
 * member's row (their games, the admin role, removal), each asked again before it is done.
 */
export function TeamMembers({ team, meId }: { team: Team; meId: string }) {
  const phone = useMediaQuery('(max-width: 48em)');
  const [action, setAction] = useState<MemberAction | null>(null);
  const admin = team.role === 'admin';
  const rowProps = (member: TeamMember) => ({
    member,
    me: member.userId === meId,
    admin,
    onAction: (kind: MemberAction['kind']) => setAction({ kind, member }),
  });
  return (
    <>
      {phone ? (
        <Stack gap="sm" data-testid="team-members">
          {team.members.map((member) => (
            <MemberCard key={member.userId} {...rowProps(member)} />
          ))}
        </Stack>
      ) : (
        <Table.ScrollContainer minWidth={560}>
          <Table verticalSpacing="sm" data-testid="team-members">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>
                  <FormattedMessage id="team.colName" />
                </Table.Th>
                <Table.Th>
                  <FormattedMessage id="team.colRole" />
                </Table.Th>
                <Table.Th>
                  <FormattedMessage id="team.colGames" />
                </Table.Th>
                {admin && (
                  <Table.Th w={56}>
                    <VisuallyHidden>
                      <FormattedMessage id="team.colActions" />
                    </VisuallyHidden>
                  </Table.Th>
                )}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {team.members.map((member) => (
                <MemberRow key={member.userId} {...rowProps(member)} />
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <MemberDialogs team={team} action={action} onClose={() => setAction(null)} />
    </>
  );
}

interface RowProps {
  member: TeamMember;
  me: boolean;
  admin: boolean;
  onAction: (kind: MemberAction['kind']) => void;
}

function Who({ member, me }: { member: TeamMember; me: boolean }) {
  const nameOf = useMemberName();
  return (
    <div style={{ minWidth: 0 }}>
      <Text size="sm" fw={600} data-testid="team-member-name">
        {nameOf(member)}
        {me && (
          <Text span size="sm" c="dimmed" fw={400}>
            {' '}
            <FormattedMessage id="team.you" />
          </Text>
        )}
      </Text>
      {member.email && (
        <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {member.email}
        </Text>
      )}
    </div>
  );
}

function MemberRow(props: RowProps) {
  const { member, me, admin } = props;
  return (
    <Table.Tr data-testid="team-member" data-user={member.userId}>
      <Table.Td>
        <Who member={member} me={me} />
      </Table.Td>
      <Table.Td>
        <RoleBadge role={member.role} />
      </Table.Td>
      <Table.Td>
        <GameChips games={member.games} />
      </Table.Td>
      {admin && <Table.Td>{!me && <MemberMenu {...props} />}</Table.Td>}
    </Table.Tr>
  );
}

function MemberCard(props: RowProps) {
  const { member, me, admin } = props;
  return (
    <Card withBorder padding="sm" data-testid="team-member" data-user={member.userId}>
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Who member={member} me={me} />
        <Group gap="xs" wrap="nowrap">
          <RoleBadge role={member.role} />
          {admin && !me && <MemberMenu {...props} />}
        </Group>
      </Group>
      <Group mt="xs">
        <GameChips games={member.games} />
      </Group>
    </Card>
  );
}

function MemberMenu({ member, onAction }: RowProps) {
  const intl = useIntl();
  const nameOf = useMemberName();
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon
          variant="subtle"
          color="gray"
          aria-label={intl.formatMessage({ id: 'team.memberActions' }, { name: nameOf(member) })}
          data-testid="team-member-menu"
        >
          <IconDots size={18} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item leftSection={<IconPuzzle size={16} />} onClick={() => onAction('games')}>
          <FormattedMessage id="team.setGames" />
        </Menu.Item>
        {member.role !== 'admin' && (
          <Menu.Item leftSection={<IconCrown size={16} />} onClick={() => onAction('admin')}>
            <FormattedMessage id="team.makeAdmin" />
          </Menu.Item>
        )}
        <Menu.Item color="red" leftSection={<IconUserMinus size={16} />} onClick={() => onAction('remove')}>
          <FormattedMessage id="team.remove" />
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

/** The dialogs of the member menu's actions. */
function MemberDialogs({
  team,
  action,
  onClose,
}: {
  team: Team;
  action: MemberAction | null;
  onClose: () => void;
}) {
  const nameOf = useMemberName();
  const outcome = useTeamOutcome();
  const name = action ? nameOf(action.member) : '';
  const done = (id: string) => {
    const { onSuccess, onError } = outcome(id, { name });
    return {
      onSuccess: () => {
        onSuccess();
        onClose();
      },
      onError,
    };
  };
  const transfer = trpc.team.transferAdmin.useMutation(done('team.adminTransferred'));
  const remove = trpc.team.removeMember.useMutation(done('team.removed'));
  const target = action ? { teamId: team.teamId, userId: action.member.userId } : null;
  return (
    <>
      <ConfirmDialog
        opened={action?.kind === 'admin'}
        title={<FormattedMessage id="team.makeAdminTitle" values={{ name }} />}
        confirmLabel={<FormattedMessage id="team.makeAdmin" />}
        color="blue"
        loading={transfer.isPending}
        onConfirm={() => target && transfer.mutate({ ...target, commandId: newCommandId() })}
        onClose={onClose}
        testId="team-make-admin-confirm"
      >
        <FormattedMessage id="team.makeAdminExplain" values={{ name }} />
      </ConfirmDialog>
      <ConfirmDialog
        opened={action?.kind === 'remove'}
        title={<FormattedMessage id="team.removeTitle" values={{ name }} />}
        confirmLabel={<FormattedMessage id="team.remove" />}
        loading={remove.isPending}
        onConfirm={() => target && remove.mutate({ ...target, commandId: newCommandId() })}
        onClose={onClose}
        testId="team-remove-confirm"
      >
        <FormattedMessage id="team.removeExplain" values={{ name }} />
      </ConfirmDialog>
      <GamesDialog
        key={action?.member.userId ?? ''}
        team={team}
        member={action?.kind === 'games' ? action.member : null}
        onClose={onClose}
      />
    </>
  );
}

function GamesDialog({
  team,
  member,
  onClose,
}: {
  team: Team;
  member: TeamMember | null;
  onClose: () => void;
}) {
  const intl = useIntl();
  const nameOf = useMemberName();
  const [games, setGames] = useState<PlanGameType[]>(() => (member?.games ?? []) as PlanGameType[]);
  const { onSuccess, onError } = useTeamOutcome()('team.gamesSaved', { name: member ? nameOf(member) : '' });
  const save = trpc.team.setMemberGames.useMutation({
    onSuccess: () => {
      onSuccess();
      onClose();
    },
    onError,
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (member) save.mutate({ teamId: team.teamId, userId: member.userId, games, commandId: newCommandId() });
  };
  return (
    <Modal
      opened={member !== null}
      onClose={onClose}
      title={<FormattedMessage id="team.setGamesTitle" values={{ name: member ? nameOf(member) : '' }} />}
      centered
    >
      <form onSubmit={submit} noValidate>
        <Stack>
          <GameCheckboxes
            label={intl.formatMessage({ id: 'team.colGames' })}
            value={games}
            onChange={setGames}
            testId="team-member-games"
          />
          <DialogButtons
            onCancel={onClose}
            submitLabel={<FormattedMessage id="team.save" />}
            loading={save.isPending}
            testId="team-member-games-save"
          />
        </Stack>
      </form>
    </Modal>
  );
}

export function GameCheckboxes({
  label,
  value,
  onChange,
  testId,
}: {
  label: string;
  value: PlanGameType[];
  onChange: (games: PlanGameType[]) => void;
  testId: string;
}) {
  return (
    <Checkbox.Group
      label={label}
      value={value}
      onChange={(games) => onChange(TEAM_GAMES.filter((game) => games.includes(game)))}
      data-testid={testId}
    >
      <Group mt={6} gap="lg">
        {TEAM_GAMES.map((game) => (
          <Checkbox key={game} value={game} label={<FormattedMessage id={`team.game.${game}`} />} />
        ))}
      </Group>
    </Checkbox.Group>
  );
}
