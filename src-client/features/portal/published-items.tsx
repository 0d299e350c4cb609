import { ActionIcon, Badge, Checkbox, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconArrowDown, IconArrowUp } from '@tabler/icons-react';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { trpc } from '../../trpc';
import { toastError } from '../../ui/notify';
import type { MyPage, PageItem } from './page-api';

const keyOf = (item: { kind: string; id: string }) => `${item.kind}:${item.id}`;

/**
 * Which of the instructor's sessions and games the page shows, and in which order: the published
 * ones first, in their order, with arrows; each change is saved at once.
 */
export function PublishedItems({ page, onChanged }: { page: MyPage; onChanged: () => void }) {
  const intl = useIntl();
  const [chosen, setChosen] = useState<string[]>(page.published.map(keyOf));
  const publish = trpc.portal.publish.useMutation();
  const byKey = new Map(page.publishable.map((item) => [keyOf(item), item]));
  const ordered: PageItem[] = [
    ...chosen.map((key) => byKey.get(key)).filter((item): item is PageItem => !!item),
    ...page.publishable.filter((item) => !chosen.includes(keyOf(item))),
  ];

  const change = async (next: string[]) => {
    const before = chosen;
    setChosen(next);
    try {
      await publish.mutateAsync({
        items: next.map((key) => byKey.get(key)!).map((item) => ({ kind: item.kind, id: item.id })),
      });
      onChanged();
    } catch (error) {
      setChosen(before);
      toastError(intl, error);
    }
  };
  const move = (index: number, by: -1 | 1) => {
    const next = [...chosen];
    [next[index], next[index + by]] = [next[index + by]!, next[index]!];
    void change(next);
  };

  return (
    <Stack gap="sm" data-testid="page-published">
      <div>
        <Title order={4}>
          <FormattedMessage id="settings.pagePublishTitle" />
        </Title>
        <Text size="sm" c="dimmed">
          <FormattedMessage id="settings.pagePublishHint" />
        </Text>
      </div>
      {ordered.length === 0 && (
        <Text size="sm">
          <FormattedMessage id="settings.pageNothingToPublish" />
        </Text>
      )}
      {ordered.map((item) => {
        const key = keyOf(item);
        const index = chosen.indexOf(key);
        return (
          <Paper key={key} withBorder p="xs" radius="md">
            <Group justify="space-between" wrap="nowrap">
              <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
                <Checkbox
                  checked={index >= 0}
                  onChange={(e) =>
                    void change(e.currentTarget.checked ? [...chosen, key] : chosen.filter((k) => k !== key))
                  }
                  aria-label={item.name}
                  data-testid={`publish-${item.id}`}
                />
                <Badge
                  variant="filled"
                  style={{ flex: 'none' }}
                  color={item.kind === 'session' ? 'violet.9' : 'blue.9'}
                >
                  <FormattedMessage
                    id={item.kind === 'session' ? 'settings.pageKindSession' : 'settings.pageKindGame'}
                  />
                </Badge>
                <Text size="sm" fw={500} lineClamp={1}>
                  {item.name}
                </Text>
              </Group>
              {index >= 0 && (
                <Group gap={4} wrap="nowrap">
                  <ActionIcon
                    type="button"
                    variant="default"
                    disabled={index === 0}
                    onClick={() => move(index, -1)}
                    aria-label={intl.formatMessage({ id: 'settings.pageMoveUp' }, { name: item.name })}
                  >
                    <IconArrowUp size={16} />
                  </ActionIcon>
                  <ActionIcon
                    type="button"
                    variant="default"
                    disabled={index === chosen.length - 1}
                    onClick={() => move(index, 1)}
                    aria-label={intl.formatMessage({ id: 'settings.pageMoveDown' }, { name: item.name })}
                  >
                    <IconArrowDown size={16} />
                  </ActionIcon>
                </Group>
              )}
            </Group>
          </Paper>
        );
      })}
    </Stack>
  );
}
