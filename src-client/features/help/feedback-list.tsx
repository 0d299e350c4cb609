import { Badge, Button, Group, Loader, SegmentedControl, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { FormattedDate, FormattedMessage, FormattedTime, useIntl } from 'react-intl';
import { FEEDBACK_KINDS, type FeedbackKind } from '../../../src-shared/api/feedback';
import { trpc } from '../../trpc';

const KIND_COLORS: Record<FeedbackKind, string> = { problem: 'red', suggestion: 'blue', praise: 'green' };

/**
 * The operator's feedback list (issue 28): newest first, a page at a time, filtered by kind; each
 * message with its page, its sender (or none), the contact address when they agreed, and the
 * browser. The lead mounts it on the operator page.
 */
export function FeedbackList() {
  const intl = useIntl();
  const [kind, setKind] = useState<FeedbackKind | 'all'>('all');
  const [page, setPage] = useState(0);
  const list = trpc.feedback.list.useQuery(
    { kind: kind === 'all' ? undefined : kind, page },
    { placeholderData: (previous) => previous },
  );
  const rows = list.data?.rows ?? [];
  return (
    <Stack gap="sm" data-testid="feedback-list">
      <SegmentedControl
        aria-label={intl.formatMessage({ id: 'help.list.kind' })}
        value={kind}
        onChange={(value) => {
          setKind(value as FeedbackKind | 'all');
          setPage(0);
        }}
        data={[
          { value: 'all', label: intl.formatMessage({ id: 'help.list.all' }) },
          ...FEEDBACK_KINDS.map((value) => ({
            value,
            label: intl.formatMessage({ id: `help.kind.${value}` }),
          })),
        ]}
        style={{ alignSelf: 'flex-start' }}
      />
      {list.isLoading ? (
        <Loader size="sm" aria-label={intl.formatMessage({ id: 'help.loading' })} />
      ) : list.error ? (
        <Text c="red">{intl.formatMessage({ id: list.error.data?.messageId ?? 'errors.unexpected' })}</Text>
      ) : rows.length === 0 ? (
        <Text c="dimmed">
          <FormattedMessage id="help.list.empty" />
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={720}>
          <Table striped verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>
                  <FormattedMessage id="help.list.when" />
                </Table.Th>
                <Table.Th>
                  <FormattedMessage id="help.list.kind" />
                </Table.Th>
                <Table.Th>
                  <FormattedMessage id="help.list.message" />
                </Table.Th>
                <Table.Th>
                  <FormattedMessage id="help.list.page" />
                </Table.Th>
                <Table.Th>
                  <FormattedMessage id="help.list.from" />
                </Table.Th>
                <Table.Th>
                  <FormattedMessage id="help.list.browser" />
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => (
                <Table.Tr key={row.id} data-testid="feedback-row">
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    <FormattedDate value={row.createdAt} /> <FormattedTime value={row.createdAt} />
                  </Table.Td>
                  <Table.Td>
                    <Badge color={KIND_COLORS[row.kind]} variant="light">
                      <FormattedMessage id={`help.kind.${row.kind}`} />
                    </Badge>
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: 'pre-wrap', maxWidth: 360 }}>{row.message}</Table.Td>
                  <Table.Td>
                    <Text size="sm" ff="monospace">
                      {row.page}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    {row.contactEmail ?? row.userId ?? <FormattedMessage id="help.list.anonymous" />}
                  </Table.Td>
                  <Table.Td>
                    <Text size="xs" c="dimmed" maw={220}>
                      {row.locale} · {row.viewportWidth}×{row.viewportHeight} · {row.userAgent}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <Group gap="xs">
        <Button variant="default" size="xs" disabled={page === 0} onClick={() => setPage(page - 1)}>
          <FormattedMessage id="help.list.newer" />
        </Button>
        <Button variant="default" size="xs" disabled={!list.data?.more} onClick={() => setPage(page + 1)}>
          <FormattedMessage id="help.list.older" />
        </Button>
      </Group>
    </Stack>
  );
}
