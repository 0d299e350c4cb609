import { Box, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { FormattedMessage, useIntl } from 'react-intl';
import { formatJoinCode, joinCodeOf } from '../../../src-shared/rules/join-code';
import { joinCodeLink } from '../../paths';
import { LazyModal } from '../../ui/lazy-modal';
import { QrCode } from '../../ui/qr-code';

/**
 * The instructor's "Show join code" button and what it opens: the game's short code in type big
 * enough to read across a classroom, and a QR code of its join link, for a projector. Its dialog's
 * code loads after the page's (LazyModal): the intro page a player opens does not carry it.
 */
export function JoinCodeButton({ gameId }: { gameId: string }) {
  const intl = useIntl();
  const [opened, { open, close }] = useDisclosure(false);
  const phone = useMediaQuery('(max-width: 40em)');
  const code = joinCodeOf(gameId);
  const link = joinCodeLink(code);
  return (
    <>
      <Button variant="light" onClick={open} data-testid="show-join-code">
        <FormattedMessage id="game.showJoinCode" />
      </Button>
      <LazyModal
        opened={opened}
        onClose={close}
        size="min(1100px, 96vw)"
        fullScreen={phone}
        centered
        title={
          <Title order={2} component="span">
            <FormattedMessage id="game.joinCodeTitle" />
          </Title>
        }
      >
        <Group justify="center" align="center" gap="xl" py="md" wrap="wrap">
          <Box w={{ base: 260, sm: 420 }} h={{ base: 260, sm: 420 }}>
            {opened && <QrCode text={link} label={intl.formatMessage({ id: 'game.joinQrLabel' })} />}
          </Box>
          <Stack gap="xs" align="center" miw={0}>
            <Text size="xl" c="dimmed" ta="center">
              <FormattedMessage id="game.joinCodeSteps" values={{ site: location.host }} />
            </Text>
            <Text
              ff="monospace"
              fw={800}
              lh={1.1}
              fz={{ base: 56, sm: 104 }}
              style={{ letterSpacing: '0.08em', whiteSpace: 'nowrap' }}
              data-testid="join-code"
            >
              {formatJoinCode(code)}
            </Text>
            <Text size="lg" c="dimmed" ff="monospace" ta="center" style={{ overflowWrap: 'anywhere' }}>
              {link}
            </Text>
          </Stack>
        </Group>
      </LazyModal>
    </>
  );
}
