/**
 * The event editor (spec point 5): the changes scheduled for later weeks, with a form to add one
 * and a button to cancel each. Values are typed and checked by the engine's ranges before sending;
 * the engine checks them again.
 */
import {
  ActionIcon,
  Badge,
  Button,
  Card,
  Group,
  MultiSelect,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { IconCalendarEvent, IconMessageCircle, IconPlus, IconSend, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { CHANGE_FIELDS, CHANGE_RANGES, type ChangeField } from '../../../src-shared/beergame/constants';
import { changeDefault, changeWeeks } from '../../../src-shared/beergame/settings-read';
import type { BeerView } from '../../../src-shared/beergame/view';
import { newCommandId, retryUnanswered, trpc } from '../../trpc';
import { useFacilityName } from '../../ui/facility-name';
import { toastError, toastMessage } from '../../ui/notify';
import { NumberField, useNumberField } from '../../ui/number-field';

const fieldId = (field: ChangeField) => `events.field${field[0]!.toUpperCase()}${field.slice(1)}`;

export function EventEditor({ view }: { view: BeerView }) {
  const intl = useIntl();
  const facilityName = useFacilityName();
  const [field, setField] = useState<ChangeField>('consumerDemand');
  const range = CHANGE_RANGES[field];
  const value = useNumberField(range, String(changeDefault(field)));
  // The next week still open until another is typed: the default follows the game as it runs.
  const weeks = changeWeeks(view);
  const week = useNumberField(weeks, String(weeks.min));
  const [facilityIds, setFacilityIds] = useState<string[]>([]);
  const [facilitiesError, setFacilitiesError] = useState<string | undefined>();
  const options = { retry: retryUnanswered(3), onError: (error: unknown) => toastError(intl, error) };
  const schedule = trpc.beergame.scheduleChange.useMutation({
    ...options,
    onSuccess: () => {
      week.reset();
      toastMessage(intl, 'events.scheduled', 'green');
    },
  });
  const cancel = trpc.beergame.cancelChange.useMutation({
    ...options,
    onSuccess: () => toastMessage(intl, 'events.cancelled', 'green'),
  });
  const changes = [...(view.scheduledChanges ?? [])].sort((a, b) => a.week - b.week);
  const names = new Map(view.facilities.map((f) => [f.id, facilityName(f)]));

  const submit = () => {
    const changeValue = value.submit();
    const changeWeek = week.submit();
    setFacilitiesError(
      facilityIds.length === 0 ? intl.formatMessage({ id: 'gameSettings.errRequired' }) : undefined,
    );
    if (changeValue === null || changeWeek === null || facilityIds.length === 0) return;
    schedule.mutate({
      gameId: view.gameId,
      week: changeWeek,
      facilityIds,
      field,
      value: changeValue,
      commandId: newCommandId(),
    });
  };

  return (
    <Card withBorder padding="md" data-testid="event-editor">
      <Stack gap="sm">
        <Group gap="xs">
          <IconCalendarEvent size={20} />
          <Title order={4}>
            <FormattedMessage id="events.title" />
          </Title>
        </Group>
        {changes.length === 0 ? (
          <Text size="sm" c="dimmed">
            <FormattedMessage id="events.none" />
          </Text>
        ) : (
          <Stack gap={6} data-testid="scheduled-changes">
            {changes.map((c) => (
              <Paper key={c.id} withBorder p="xs" radius="sm">
                <Group justify="space-between" wrap="nowrap" align="flex-start">
                  <Stack gap={4}>
                    <Group gap="xs">
                      <Badge variant="light" color="gray" size="sm">
                        <FormattedMessage id="events.atWeek" values={{ week: c.week }} />
                      </Badge>
                      <Text size="sm" fw={600}>
                        <FormattedMessage id={fieldId(c.field)} />
                        {' → '}
                        {intl.formatNumber(c.value)}
                      </Text>
                    </Group>
                    <Group gap={4}>
                      {c.facilityIds.map((id) => (
                        <Badge key={id} variant="dot" size="sm" tt="none">
                          {names.get(id) ?? id}
                        </Badge>
                      ))}
                    </Group>
                  </Stack>
                  {c.week > view.week && (
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={intl.formatMessage({ id: 'events.cancel' })}
                      loading={cancel.isPending && cancel.variables?.changeId === c.id}
                      onClick={() =>
                        cancel.mutate({ gameId: view.gameId, changeId: c.id, commandId: newCommandId() })
                      }
                    >
                      <IconTrash size={16} />
                    </ActionIcon>
                  )}
                </Group>
              </Paper>
            ))}
          </Stack>
        )}
        {view.week < view.weeks && (
          <Stack gap="xs">
            <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
              <Select
                label={intl.formatMessage({ id: 'events.field' })}
                data={CHANGE_FIELDS.map((f) => ({ value: f, label: intl.formatMessage({ id: fieldId(f) }) }))}
                value={field}
                allowDeselect={false}
                onChange={(next) => {
                  if (!next) return;
                  setField(next as ChangeField);
                  value.reset();
                }}
                data-testid="change-field"
              />
              <NumberField
                {...value.field}
                label={intl.formatMessage({ id: 'events.value' })}
                description={intl.formatMessage({ id: 'events.rangeHint' }, range)}
                inputWrapperOrder={['label', 'input', 'description', 'error']}
                data-testid="change-value"
              />
              <NumberField
                {...week.field}
                label={intl.formatMessage({ id: 'events.week' })}
                description={intl.formatMessage(
                  { id: 'events.weekHint' },
                  { from: weeks.min, to: weeks.max },
                )}
                inputWrapperOrder={['label', 'input', 'description', 'error']}
                data-testid="change-week"
              />
            </SimpleGrid>
            <MultiSelect
              label={intl.formatMessage({ id: 'events.facilities' })}
              data={view.facilities.map((f) => ({ value: f.id, label: facilityName(f) }))}
              value={facilityIds}
              onChange={setFacilityIds}
              searchable
              error={facilitiesError}
              data-testid="change-facilities"
            />
            <Group justify="flex-end">
              <Button
                leftSection={<IconPlus size={16} />}
                loading={schedule.isPending}
                onClick={submit}
                data-testid="schedule-change"
              >
                <FormattedMessage id="events.add" />
              </Button>
            </Group>
          </Stack>
        )}
      </Stack>
    </Card>
  );
}

/**
 * The scheduled messages (spec `configMessages.scheduleList`): each shown to its recipients from its
 * week; a form schedules one for a later week (the engine's `SendMessage` with `showAt`).
 */
export function ScheduledMessages({ view }: { view: BeerView }) {
  const intl = useIntl();
  const facilityName = useFacilityName();
  const weeks = changeWeeks(view);
  const week = useNumberField(weeks, String(weeks.min));
  const [to, setTo] = useState<string[]>([]);
  const [text, setText] = useState('');
  const send = trpc.beergame.sendMessage.useMutation({
    retry: retryUnanswered(3),
    onError: (error: unknown) => toastError(intl, error),
    onSuccess: () => {
      setText('');
      week.reset();
      toastMessage(intl, 'events.messageScheduled', 'green');
    },
  });
  const names = new Map(view.facilities.map((f) => [f.id, facilityName(f)]));
  const messages = [...(view.scheduledMessages ?? [])]
    .filter((m) => m.week > view.week)
    .sort((a, b) => a.week - b.week);
  const submit = () => {
    const showAt = week.submit();
    if (showAt === null) return;
    send.mutate({
      gameId: view.gameId,
      to: to.length === 0 ? 'all' : to,
      text,
      showAt,
      commandId: newCommandId(),
    });
  };
  return (
    <Card withBorder padding="md" data-testid="scheduled-messages">
      <Stack gap="sm">
        <Group gap="xs">
          <IconMessageCircle size={20} />
          <Title order={4}>
            <FormattedMessage id="events.messages" />
          </Title>
        </Group>
        {messages.length === 0 ? (
          <Text size="sm" c="dimmed">
            <FormattedMessage id="events.noMessages" />
          </Text>
        ) : (
          <Stack gap={6}>
            {messages.map((m) => (
              <Paper key={`${m.week}-${m.message}`} withBorder p="xs" radius="sm">
                <Group gap="xs" mb={4}>
                  <Badge variant="light" color="gray" size="sm">
                    <FormattedMessage id="events.atWeek" values={{ week: m.week }} />
                  </Badge>
                  {m.to === 'all' ? (
                    <Badge variant="dot" size="sm" tt="none">
                      <FormattedMessage id="messages.toAll" />
                    </Badge>
                  ) : (
                    m.to.map((id) => (
                      <Badge key={id} variant="dot" size="sm" tt="none">
                        {names.get(id) ?? id}
                      </Badge>
                    ))
                  )}
                </Group>
                <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                  {m.message}
                </Text>
              </Paper>
            ))}
          </Stack>
        )}
        {view.week < view.weeks && (
          <Stack gap="xs">
            <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
              <NumberField {...week.field} label={intl.formatMessage({ id: 'events.week' })} />
              <MultiSelect
                label={intl.formatMessage({ id: 'board.messageTo' })}
                placeholder={to.length === 0 ? intl.formatMessage({ id: 'messages.toAll' }) : undefined}
                data={view.facilities.map((f) => ({ value: f.id, label: facilityName(f) }))}
                value={to}
                onChange={setTo}
                searchable
                clearable
                style={{ gridColumn: 'span 2' }}
              />
            </SimpleGrid>
            <Textarea
              label={intl.formatMessage({ id: 'board.messageText' })}
              value={text}
              onChange={(event) => setText(event.currentTarget.value)}
              autosize
              minRows={2}
              maxLength={2000}
            />
            <Group justify="flex-end">
              <Button
                leftSection={<IconSend size={16} />}
                disabled={text.trim() === ''}
                loading={send.isPending}
                onClick={submit}
                data-testid="schedule-message"
              >
                <FormattedMessage id="events.addMessage" />
              </Button>
            </Group>
          </Stack>
        )}
      </Stack>
    </Card>
  );
}
