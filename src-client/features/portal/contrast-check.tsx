import { Alert, Badge, Group, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconX } from '@tabler/icons-react';
import { FormattedMessage, useIntl } from 'react-intl';
import { contrastGrades } from '../../../src-shared/rules/public-page';

const LEVELS = [
  ['aaSmall', 'settings.pageContrastAaSmall'],
  ['aaLarge', 'settings.pageContrastAaLarge'],
  ['aaaSmall', 'settings.pageContrastAaaSmall'],
] as const;

/** The WCAG contrast of the main colour on the background, with the spec's three levels (point 9), as the instructor picks. */
export function ContrastCheck({ main, background }: { main: string; background: string }) {
  const intl = useIntl();
  const grades = contrastGrades(main, background);
  return (
    <Stack gap="xs" data-testid="page-contrast" aria-live="polite">
      <Group gap="sm">
        {/* A sample of the instructor's own choice, drawn rather than written: whatever its contrast, it is a picture of it. */}
        <svg
          width={48}
          height={30}
          aria-hidden="true"
          style={{ border: '1px solid var(--mantine-color-gray-4)', borderRadius: 6 }}
        >
          <rect width="100%" height="100%" rx={6} fill={background} />
          <text
            x="50%"
            y="50%"
            dominantBaseline="central"
            textAnchor="middle"
            fill={main}
            fontWeight={700}
            fontSize={16}
          >
            Aa
          </text>
        </svg>
        <Text size="sm" fw={600}>
          <FormattedMessage
            id="settings.pageContrast"
            values={{ ratio: intl.formatNumber(grades.ratio, { maximumFractionDigits: 2 }) }}
          />
        </Text>
      </Group>
      <Group gap="xs">
        {LEVELS.map(([level, id]) => (
          <Badge
            key={level}
            variant="filled"
            color={grades[level] ? 'teal.9' : 'red.9'}
            leftSection={grades[level] ? <IconCheck size={12} /> : <IconX size={12} />}
            data-testid={`contrast-${level}`}
            data-pass={grades[level]}
          >
            <FormattedMessage id={id} />
            {' · '}
            <FormattedMessage
              id={grades[level] ? 'settings.pageContrastPass' : 'settings.pageContrastFail'}
            />
          </Badge>
        ))}
      </Group>
      {!grades.aaSmall && (
        <Alert
          color="orange"
          variant="light"
          icon={<IconAlertTriangle size={18} />}
          data-testid="contrast-warning"
        >
          <FormattedMessage id="settings.pageContrastWarning" />
        </Alert>
      )}
    </Stack>
  );
}
