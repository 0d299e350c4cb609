/** The operator's error groups: newest last sight first, each with its count, expandable to its samples. */
import { Badge, Button, Code, Group, Loader, Paper, Stack, Switch, Text } from '@mantine/core';
import { useState } from 'react';
import { FormattedDate, FormattedMessage, FormattedTime, useIntl } from 'react-intl';
import { trpc } from '../../trpc';
import { toastError, toastMessage } from '../../ui/notify';
import { Refusal } from './refusal';

const When = ({ at }: { at: Date }) => (
  <>
    <FormattedDate value={at} /> <FormattedTime value={at} />
  </>
);

function Samples({ fingerprint }: { fingerprint: string }) {
  const samples = trpc.telemetry.errorSamples.useQuery({ fingerprint });
  if (samples.isPending) return <Loader size="sm" />;
  if (samples.error) return <Refusal error={samples.error} />;
  return (
    <Stack gap="xs" mt="sm">
      {samples.data.map((sample) => (
        <Paper key={sample.id} withBorder p="xs">
          <Text size="sm">
            <When at={sample.occurredAt} /> · {sample.path ?? '—'} · {sample.release ?? '—'}
            {sample.userId ? ` · ${sample.userId}` : ''}
          </Text>
          <Text size="sm" fw={500}>
            {sample.message}
          </Text>
          {sample.userAgent && (
            <Text size="xs" c="dimmed">
              {sample.userAgent}
            </Text>
          )}
          {sample.stack && (
            <Code block mt={4} style={{ maxHeight: 160, overflow: 'auto', fontSize: 11 }}>
              {sample.stack}
            </Code>
          )}
        </Paper>
      ))}
    </Stack>
  );
}

export function ErrorsPanel() {
  const intl = useIntl();
  const [includeResolved, setIncludeResolved] = useState(false);
  const [open, setOpen] = useState<string | null>(null);
  const utils = trpc.useUtils();
  // A thrown error shows here within seconds: the list is read again every 3 s while open.
  const groups = trpc.telemetry.errorGroups.useQuery({ includeResolved }, { refetchInterval: 3000 });
  const resolve = trpc.telemetry.resolveGroup.useMutation({
    onSuccess: () => {
      toastMessage(intl, 'operator.resolved', 'green');
      void utils.telemetry.errorGroups.invalidate();
    },
    onError: (error) => toastError(intl, error),
  });
  if (groups.isPending) return <Loader />;
  if (groups.error) return <Refusal error={groups.error} />;
  return (
    <Stack>
      <Switch
        label={intl.formatMessage({ id: 'operator.showResolved' })}
        checked={includeResolved}
        onChange={(event) => setIncludeResolved(event.currentTarget.checked)}
      />
      {groups.data.length === 0 && (
        <Text c="dimmed">
          <FormattedMessage id="operator.noErrors" />
        </Text>
      )}
      <ul
        aria-label={intl.formatMessage({ id: 'operator.tab.errors' })}
        style={{ listStyle: 'none', padding: 0, margin: 0 }}
      >
        {groups.data.map((group) => (
          <li key={group.fingerprint} style={{ marginBottom: 12 }}>
            <Paper withBorder p="sm" data-testid="error-group">
              <Group justify="space-between" wrap="nowrap" align="flex-start">
                <Stack gap={2} style={{ minWidth: 0 }}>
                  <Group gap="xs">
                    <Badge color={group.source === 'client' ? 'blue' : 'grape'} variant="light">
                      <FormattedMessage
                        id={`operator.source.${group.source === 'client' ? 'client' : 'server'}`}
                      />
                    </Badge>
                    <Badge color="red" variant="filled">
                      <FormattedMessage id="operator.count" values={{ count: group.count }} />
                    </Badge>
                    {group.resolved && (
                      <Badge color="green" variant="light">
                        <FormattedMessage id="operator.resolvedBadge" />
                      </Badge>
                    )}
                  </Group>
                  <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                    {group.message}
                  </Text>
                  {group.topFrame && (
                    <Text size="xs" c="dimmed" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
                      {group.topFrame}
                    </Text>
                  )}
                  <Text size="sm" c="dimmed">
                    <FormattedMessage id="operator.firstSeen" /> <When at={group.firstSeen} /> ·{' '}
                    <FormattedMessage id="operator.lastSeen" /> <When at={group.lastSeen} />
                  </Text>
                </Stack>
                <Stack gap="xs" style={{ flexShrink: 0 }}>
                  <Button
                    size="xs"
                    variant="default"
                    aria-expanded={open === group.fingerprint}
                    onClick={() => setOpen(open === group.fingerprint ? null : group.fingerprint)}
                  >
                    <FormattedMessage
                      id={open === group.fingerprint ? 'operator.hideSamples' : 'operator.showSamples'}
                    />
                  </Button>
                  {!group.resolved && (
                    <Button
                      size="xs"
                      color="green"
                      loading={resolve.isPending && resolve.variables?.fingerprint === group.fingerprint}
                      onClick={() => resolve.mutate({ fingerprint: group.fingerprint })}
                    >
                      <FormattedMessage id="operator.resolve" />
                    </Button>
                  )}
                </Stack>
              </Group>
              {open === group.fingerprint && <Samples fingerprint={group.fingerprint} />}
            </Paper>
          </li>
        ))}
      </ul>
    </Stack>
  );
}
