import { Group, Select, Stack, Text } from '@mantine/core';
import { FormattedMessage, useIntl } from 'react-intl';
import type { LeanGameView } from '../../../src-shared/leangame/view';
import type { useLeanPanel } from './commands';
import { ToolGlyph } from './glyphs';
import { lineTools, useToolName } from './lean-view';

/**
 * The improvements panel's setting of "balance the stations" (improvements-panel.tsx): which
 * station holds each tool of the line, one drop-down per tool.
 */
export function ToolReassignment({
  view,
  editable,
  send,
}: {
  view: LeanGameView;
  editable: boolean;
  send: ReturnType<typeof useLeanPanel>['send'];
}) {
  const intl = useIntl();
  const toolName = useToolName();
  const stations = view.facilities.filter((f) => f.type === 'station');
  return (
    <Stack gap={6}>
      <Text size="sm" fw={600}>
        <FormattedMessage id="lean.reassignTools" />
      </Text>
      {lineTools(view).map((tool) => {
        const owner = stations.find((s) => s.tools.includes(tool));
        return (
          <Group key={tool} gap="xs" wrap="nowrap">
            <ToolGlyph tool={tool} size={20} label={toolName(tool)} />
            <Text size="sm" style={{ flex: 1, minWidth: 0 }} truncate>
              {toolName(tool)}
            </Text>
            <Select
              aria-label={intl.formatMessage({ id: 'lean.toolStation' }, { tool: toolName(tool) })}
              data={stations.map((s) => ({ value: s.id, label: s.name }))}
              value={owner?.id ?? null}
              disabled={!editable}
              allowDeselect={false}
              onChange={(facilityId) =>
                facilityId &&
                facilityId !== owner?.id &&
                send({ type: 'ReassignOperation', tool, facilityId })
              }
              w={160}
              data-testid={`reassign-${tool}`}
            />
          </Group>
        );
      })}
    </Stack>
  );
}
