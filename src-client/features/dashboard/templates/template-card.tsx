import { ActionIcon, Badge, Button, Card, Group, Menu, Stack, Text, Title, Tooltip } from '@mantine/core';
import {
  IconAdjustmentsHorizontal,
  IconBuildingFactory2,
  IconCalendarWeek,
  IconClock,
  IconCopy,
  IconDots,
  IconPencil,
  IconPlayerPlay,
  IconTrash,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { GameType } from '../../../../src-shared/rules/templates';

/** What a card shows of a template, default or own, already translated. */
export interface TemplateSummary {
  id: string;
  type: GameType;
  title: string;
  description: string;
  /** Weeks of a beer game, minutes of a lean round. */
  length: number;
  facilities: number;
  available: boolean;
}

/** One template: its title, type, size and description, and what the instructor can do with it. */
export function TemplateCard({
  template,
  onCreateGame,
  onCopy,
  copying,
  onEdit,
  onEditSettings,
  onDelete,
  byline,
}: {
  template: TemplateSummary;
  /** Under the title: a teammate's template names its creator. */
  byline?: ReactNode;
  onCreateGame: () => void;
  onCopy?: () => void;
  copying?: boolean;
  /** An own template's actions; a default one has none. */
  onEdit?: () => void;
  onEditSettings?: () => void;
  onDelete?: () => void;
}) {
  const intl = useIntl();
  const beer = template.type === 'beergame';
  const actionsLabel = intl.formatMessage({ id: 'templates.actions' });
  let actions: ReactNode = null;
  if (onEdit && onDelete) {
    actions = (
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <ActionIcon variant="subtle" color="gray" aria-label={actionsLabel} data-testid="template-menu">
            <IconDots size={18} />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item leftSection={<IconPencil size={16} />} onClick={onEdit}>
            <FormattedMessage id="templates.edit" />
          </Menu.Item>
          {onEditSettings && (
            <Menu.Item leftSection={<IconAdjustmentsHorizontal size={16} />} onClick={onEditSettings}>
              <FormattedMessage id="templates.editSettings" />
            </Menu.Item>
          )}
          {onCopy && (
            <Menu.Item leftSection={<IconCopy size={16} />} onClick={onCopy}>
              <FormattedMessage id="templates.copy" />
            </Menu.Item>
          )}
          <Menu.Item color="red" leftSection={<IconTrash size={16} />} onClick={onDelete}>
            <FormattedMessage id="templates.delete" />
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
    );
  } else if (onCopy) {
    const copyLabel = intl.formatMessage({ id: 'templates.copy' });
    actions = (
      <Tooltip label={copyLabel}>
        <ActionIcon variant="subtle" color="gray" aria-label={copyLabel} onClick={onCopy} loading={copying}>
          <IconCopy size={18} />
        </ActionIcon>
      </Tooltip>
    );
  }
  return (
    <Card withBorder padding="md" radius="md" data-testid="template-card" h="100%">
      <Stack gap="xs" h="100%">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
          <Title order={4} fz="md" style={{ overflowWrap: 'anywhere' }}>
            {template.title}
          </Title>
          {actions}
        </Group>
        {byline}
        <Group gap="xs">
          <Badge variant="light" color={beer ? 'orange' : 'teal'}>
            <FormattedMessage id={beer ? 'templates.typeBeergame' : 'templates.typeLeangame'} />
          </Badge>
          <Group gap={4} c="dimmed">
            {beer ? <IconCalendarWeek size={14} /> : <IconClock size={14} />}
            <Text size="xs">
              <FormattedMessage
                id={beer ? 'templates.weeks' : 'templates.minutes'}
                values={{ count: template.length }}
              />
            </Text>
          </Group>
          <Group gap={4} c="dimmed">
            <IconBuildingFactory2 size={14} />
            <Text size="xs">
              <FormattedMessage id="templates.facilities" values={{ count: template.facilities }} />
            </Text>
          </Group>
        </Group>
        <Text size="sm" c="dimmed" style={{ flex: 1, whiteSpace: 'pre-line' }}>
          {template.description || <FormattedMessage id="templates.noDescription" />}
        </Text>
        <Group>
          {template.available ? (
            <Button
              size="xs"
              variant="light"
              leftSection={<IconPlayerPlay size={14} />}
              onClick={onCreateGame}
              data-testid="template-create-game"
            >
              <FormattedMessage id="templates.createGame" />
            </Button>
          ) : (
            <Badge variant="outline" color="gray">
              <FormattedMessage id="templates.comingSoon" />
            </Badge>
          )}
        </Group>
      </Stack>
    </Card>
  );
}
