import { Paper, Stack, Text, Title } from '@mantine/core';
import { FormattedMessage } from 'react-intl';
import { FeedbackForm } from './feedback-form';

/** The dashboard's suggest-feature tab (spec point 2): the feedback form, set on "suggestion". */
export function SuggestFeatureTab() {
  return (
    <Paper withBorder p="lg" radius="md" maw={640}>
      <Stack gap="sm">
        <Title order={2} size="h3">
          <FormattedMessage id="help.suggestTitle" />
        </Title>
        <Text c="dimmed" size="sm">
          <FormattedMessage id="help.suggestIntro" />
        </Text>
        <FeedbackForm kind="suggestion" />
      </Stack>
    </Paper>
  );
}
