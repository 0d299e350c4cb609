import { ActionIcon, Button, CopyButton, Group, Stack, Text, TextInput, Title, Tooltip } from '@mantine/core';
import { IconCheck, IconCopy, IconRefresh, IconX } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { FormattedDate, FormattedMessage, useIntl } from 'react-intl';
import type { PlanGameType } from '../../../src-shared/billing/invoice';
import { newCommandId, trpc } from '../../trpc';
import { toastError } from '../../ui/notify';
import { ConfirmDialog, GameChips, TEAM_GAMES, type Team, useTeamOutcome } from './team-common';
import { GameCheckboxes } from './team-members';

/**
 * An e-mail invitation: the address and the games the colleague may use once joined. The server
 * mails it from a verified address only: an unverified sender is told to confirm theirs first.
 */
export function InviteForm({ team }: { team: Team }) {
  const intl = useIntl();
  const [email, setEmail] = useState('');
  const [games, setGames] = useState<PlanGameType[]>([...TEAM_GAMES]);
  const [refusal, setRefusal] = useState<string | null>(null);
  const outcome = useTeamOutcome()('team.invited', { email: email.trim() });
  const invite = trpc.team.invite.useMutation({
    onSuccess: () => {
      outcome.onSuccess();
      setEmail('');
    },
    onError: (error) => {
      const messageId = (error.data as { messageId?: string } | null)?.messageId;
      if (messageId === 'team.errEmailInvalid' || messageId === 'account.errEmailNotVerified')
        setRefusal(messageId);
      else toastError(intl, error);
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!email.trim()) return setRefusal('team.errEmailInvalid');
    invite.mutate({ teamId: team.teamId, email: email.trim(), games });
  };
  return (
    <form onSubmit={submit} noValidate data-testid="team-invite">
      <Stack gap="sm">
        <Title order={5}>
          <FormattedMessage id="team.inviteTitle" />
        </Title>
        <TextInput
          type="email"
          label={intl.formatMessage({ id: 'team.inviteEmail' })}
          placeholder="colleague@school.edu"
          value={email}
          onChange={(e) => {
            setEmail(e.currentTarget.value);
            setRefusal(null);
          }}
          error={refusal ? intl.formatMessage({ id: refusal }) : undefined}
          autoComplete="off"
          maw={420}
          data-testid="team-invite-email"
        />
        <GameCheckboxes
          label={intl.formatMessage({ id: 'team.inviteGames' })}
          value={games}
          onChange={setGames}
          testId="team-invite-games"
        />
        <Group>
          <Button type="submit" loading={invite.isPending} data-testid="team-invite-submit">
            <FormattedMessage id="team.inviteButton" />
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The invitations not yet taken up, each of which can be withdrawn. */
export function PendingInvites({ team }: { team: Team }) {
  const intl = useIntl();
  const [withdrawing, setWithdrawing] = useState<string | null>(null);
  const outcome = useTeamOutcome()('team.withdrawn');
  const withdraw = trpc.team.withdrawInvite.useMutation({
    ...outcome,
    onSettled: () => setWithdrawing(null),
  });
  if (team.invites.length === 0) return null;
  return (
    <Stack gap="xs" data-testid="team-invites">
      <Title order={5}>
        <FormattedMessage id="team.invitesTitle" />
      </Title>
      {team.invites.map((invite) => (
        <Group key={invite.email} justify="space-between" gap="xs" data-testid="team-invite-row">
          <div style={{ flex: '1 1 240px', minWidth: 0 }}>
            <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
              {invite.email}
            </Text>
            <Group gap="xs">
              <Text size="xs" c="dimmed">
                <FormattedMessage
                  id="team.invitedOn"
                  values={{ date: <FormattedDate value={invite.invitedAt} dateStyle="medium" /> }}
                />
              </Text>
              <GameChips games={invite.games} />
            </Group>
          </div>
          <Button
            size="xs"
            variant="default"
            leftSection={<IconX size={14} />}
            loading={withdrawing === invite.email}
            onClick={() => {
              setWithdrawing(invite.email);
              withdraw.mutate({ teamId: team.teamId, email: invite.email });
            }}
            aria-label={intl.formatMessage({ id: 'team.withdrawFor' }, { email: invite.email })}
            style={{ flex: 'none' }}
          >
            <FormattedMessage id="team.withdraw" />
          </Button>
        </Group>
      ))}
    </Stack>
  );
}

/** The team's join link, to copy, and a new one when the old one went too far (after a question). */
export function JoinLink({ team }: { team: Team }) {
  const intl = useIntl();
  const [confirming, setConfirming] = useState(false);
  const outcome = useTeamOutcome()('team.newLinkDone');
  const rotate = trpc.team.rotateLink.useMutation({
    onSuccess: () => {
      outcome.onSuccess();
      setConfirming(false);
    },
    onError: outcome.onError,
  });
  if (!team.joinLink) return null;
  return (
    <Stack gap="xs" data-testid="team-join-link">
      <Title order={5}>
        <FormattedMessage id="team.linkTitle" />
      </Title>
      <Text size="sm" c="dimmed">
        <FormattedMessage id="team.linkExplain" />
      </Text>
      <Group gap="xs" wrap="nowrap" align="flex-end">
        <TextInput
          value={team.joinLink}
          readOnly
          aria-label={intl.formatMessage({ id: 'team.linkTitle' })}
          onFocus={(e) => e.currentTarget.select()}
          style={{ flex: 1, minWidth: 0 }}
          data-testid="team-join-link-value"
        />
        <CopyButton value={team.joinLink}>
          {({ copied, copy }) => (
            <Tooltip label={intl.formatMessage({ id: copied ? 'team.copied' : 'team.copyLink' })} withArrow>
              <ActionIcon
                size="lg"
                variant={copied ? 'filled' : 'light'}
                color={copied ? 'teal' : 'blue'}
                onClick={copy}
                aria-label={intl.formatMessage({ id: 'team.copyLink' })}
                data-testid="team-join-link-copy"
              >
                {copied ? <IconCheck size={18} /> : <IconCopy size={18} />}
              </ActionIcon>
            </Tooltip>
          )}
        </CopyButton>
      </Group>
      <Group>
        <Button
          size="xs"
          variant="subtle"
          leftSection={<IconRefresh size={14} />}
          onClick={() => setConfirming(true)}
          data-testid="team-new-link"
        >
          <FormattedMessage id="team.newLink" />
        </Button>
      </Group>
      <ConfirmDialog
        opened={confirming}
        title={<FormattedMessage id="team.newLinkTitle" />}
        confirmLabel={<FormattedMessage id="team.newLink" />}
        loading={rotate.isPending}
        onConfirm={() => rotate.mutate({ teamId: team.teamId, commandId: newCommandId() })}
        onClose={() => setConfirming(false)}
        testId="team-new-link-confirm"
      >
        <FormattedMessage id="team.newLinkExplain" />
      </ConfirmDialog>
    </Stack>
  );
}
