/**
 * The instructor's proposal (spec point 3, `isProposal`): a quantity suggested to one role or to
 * every role but the computer's, which the player accepts in one tap beside their order box
 * (order-form.tsx). The typed number is read exactly or refused (src-shared/beergame/levers.ts,
 * the order box's own reading), within every target's constraints, before anything is sent.
 */
import { Badge, Button, Card, Group, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconBulb } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { readProposal } from '../../../src-shared/beergame/proposals';
import type { BeerView } from '../../../src-shared/beergame/view';
import { newCommandId, retryUnanswered, trpc } from '../../trpc';
import { useFacilityName } from '../../ui/facility-name';
import { toastError, toastMessage } from '../../ui/notify';

const ALL = '*';

/** A role's proposals of this week, on its card of the creator's board. */
export function ProposedOrders({
  facilityId,
  proposed,
}: {
  facilityId: string;
  proposed: BeerView['proposals'];
}) {
  return (
    <Group gap={4} mt={6}>
      {proposed.map((p) => (
        <Badge
          key={p.capabilityId}
          variant="light"
          color="yellow"
          leftSection={<IconBulb size={14} />}
          tt="none"
          data-testid={`proposal-${facilityId}`}
        >
          <FormattedMessage id="proposals.pending" values={{ quantity: p.quantity }} />
        </Badge>
      ))}
    </Group>
  );
}

export function ProposeOrder({ view }: { view: BeerView }) {
  const intl = useIntl();
  const facilityName = useFacilityName();
  const [to, setTo] = useState<string>(ALL);
  const [typed, setTyped] = useState('');
  const [tried, setTried] = useState(false);
  const [sending, setSending] = useState(false);
  const propose = trpc.beergame.proposeOrder.useMutation({ retry: retryUnanswered(3) });
  const reading = readProposal(typed, view.facilities, to === ALL ? null : to);
  const refusal = (() => {
    if (!tried || reading.ok) return undefined;
    const reason = intl.formatMessage({ id: reading.messageId }, reading.values);
    const role = view.facilities.find((f) => f.id === reading.facilityId);
    // Naming the role a constraint is its, when the proposal went to several.
    return role && to === ALL
      ? intl.formatMessage({ id: 'proposals.refusedFor' }, { role: facilityName(role), reason })
      : reason;
  })();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (!reading.ok) return;
    setSending(true);
    try {
      for (const target of reading.targets)
        await propose.mutateAsync({
          gameId: view.gameId,
          facilityId: target.facilityId,
          capabilityId: target.capabilityId,
          quantity: reading.quantity,
          commandId: newCommandId(),
        });
      setTyped('');
      setTried(false);
      toastMessage(intl, 'proposals.sent', 'green');
    } catch (error) {
      toastError(intl, error);
    } finally {
      setSending(false);
    }
  };

  return (
    <Card withBorder padding="md" data-testid="propose-order">
      <Stack gap="xs" component="form" onSubmit={submit}>
        <Group gap="xs">
          <IconBulb size={20} />
          <Title order={4}>
            <FormattedMessage id="proposals.title" />
          </Title>
        </Group>
        <Text size="sm" c="dimmed">
          <FormattedMessage id="proposals.hint" />
        </Text>
        <Select
          label={intl.formatMessage({ id: 'proposals.to' })}
          data={[
            { value: ALL, label: intl.formatMessage({ id: 'proposals.toAll' }) },
            ...view.facilities.map((f) => ({ value: f.id, label: facilityName(f) })),
          ]}
          value={to}
          onChange={(value) => value && setTo(value)}
          allowDeselect={false}
          data-testid="propose-to"
        />
        <Group align="flex-start" gap="sm" wrap="nowrap">
          <TextInput
            label={intl.formatMessage({ id: 'proposals.quantity' })}
            value={typed}
            onChange={(event) => setTyped(event.currentTarget.value)}
            inputMode="numeric"
            autoComplete="off"
            error={refusal}
            style={{ flex: 1 }}
            data-testid="propose-quantity"
          />
          <Button type="submit" mt={25} loading={sending} data-testid="propose-send">
            <FormattedMessage id="proposals.send" />
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
