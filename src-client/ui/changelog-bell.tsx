import { ActionIcon, Indicator, Popover, Stack, Text } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { useState } from 'react';
import { FormattedDate, FormattedMessage, useIntl } from 'react-intl';
import { unreadChangelogCount } from '../../src-shared/rules/navigation';
import { CHANGELOG } from '../changelog/entries';

const LAST_SEEN_KEY = 'simgames.changelogSeen';

function lastSeen(): string | null {
  try {
    return localStorage.getItem(LAST_SEEN_KEY);
  } catch {
    return null;
  }
}

/**
 * The changelog bell of the dashboard's pages (spec point 2): what shipped lately
 * (src-client/changelog/entries.ts), with the count of entries this browser has not seen yet.
 * Opening it marks them all seen. Loaded with the dashboard, not with any other page.
 */
export default function ChangelogBell() {
  const intl = useIntl();
  const ids = CHANGELOG.map((entry) => entry.id);
  const [unread, setUnread] = useState(() => unreadChangelogCount(ids, lastSeen()));
  const open = (opened: boolean) => {
    if (!opened || !ids[0]) return;
    localStorage.setItem(LAST_SEEN_KEY, ids[0]);
    setUnread(0);
  };
  const label = intl.formatMessage({ id: 'changelog.unread' }, { count: unread });
  return (
    <Popover
      position="bottom-end"
      withinPortal
      shadow="md"
      width={320}
      onChange={open}
      onOpen={() => open(true)}
    >
      {/* The popover's target is the button itself: a button may say it is expanded, the badge's box may not. */}
      <Indicator
        label={unread}
        size={16}
        disabled={unread === 0}
        color="red"
        offset={6}
        data-testid="changelog-count"
        data-count={unread}
      >
        <Popover.Target>
          <ActionIcon variant="subtle" size="lg" aria-label={label} data-testid="changelog-bell">
            <IconBell size={20} stroke={1.6} />
          </ActionIcon>
        </Popover.Target>
      </Indicator>
      <Popover.Dropdown data-testid="changelog">
        <Text fw={700} size="sm" mb="xs">
          <FormattedMessage id="changelog.title" />
        </Text>
        <Stack gap="xs" component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {CHANGELOG.map((entry) => (
            <li key={entry.id}>
              <Text size="xs" c="dimmed">
                <FormattedDate value={`${entry.date}T12:00:00Z`} dateStyle="medium" />
              </Text>
              <Text size="sm">
                <FormattedMessage id={`changelog.${entry.id}`} />
              </Text>
            </li>
          ))}
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
