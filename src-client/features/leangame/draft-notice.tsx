import { Alert, Button, Group, Text } from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import { FormattedMessage, useIntl } from 'react-intl';
import { newCommandId, trpc } from '../../trpc';
import { toastError, toastMessage } from '../../ui/notify';

/**
 * For the creator of a draft: nobody else may open or join it until they publish it (spec point 2).
 * Its words are the dashboard's (loaded with it: lean-intro.tsx).
 */
export function DraftNotice({ gameId }: { gameId: string }) {
  const intl = useIntl();
  const publish = trpc.game.publish.useMutation({
    onSuccess: () => toastMessage(intl, 'dashboard.draftPublished', 'green'),
    onError: (error) => toastError(intl, error),
  });
  return (
    <Alert color="gray" variant="light" data-testid="draft-notice">
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Text size="sm" style={{ flex: '1 1 16rem' }}>
          <FormattedMessage id="dashboard.draftNotice" />
        </Text>
        <Button
          size="sm"
          leftSection={<IconSend size={16} />}
          loading={publish.isPending}
          onClick={() => publish.mutate({ gameIds: [gameId], commandId: newCommandId() })}
          data-testid="publish-draft"
        >
          <FormattedMessage id="dashboard.actionPublish" />
        </Button>
      </Group>
    </Alert>
  );
}
