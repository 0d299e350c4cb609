/**
 * The session's join code for a projector: the code in type readable from the back of a room, its
 * QR code and the address to type, on a full-screen dialog the instructor opens from the admin nav.
 */
import { Box, Button, Modal, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconQrcode } from '@tabler/icons-react';
import { FormattedMessage, useIntl } from 'react-intl';
import { formatJoinCode } from '../../../src-shared/rules/join-code';
import { joinCodeLink } from '../../paths';
import { QrCode } from '../../ui/qr-code';

/** "Show the code": opens the projector view of the session's join code. */
export function ProjectorCodeButton({ code, sessionName }: { code: string; sessionName: string }) {
  const intl = useIntl();
  const [opened, { open, close }] = useDisclosure(false);
  const link = joinCodeLink(code);
  return (
    <>
      <Button variant="filled" leftSection={<IconQrcode size={18} />} onClick={open} data-testid="show-code">
        <FormattedMessage id="session.showCode" />
      </Button>
      <Modal
        opened={opened}
        onClose={close}
        fullScreen
        title={
          <Title order={2} component="span">
            {sessionName}
          </Title>
        }
        closeButtonProps={{ 'aria-label': intl.formatMessage({ id: 'session.closeProjector' }) }}
      >
        <Box
          data-testid="projector"
          style={{
            display: 'flex',
            flexWrap: 'wrap',
            alignItems: 'center',
            justifyContent: 'center',
            gap: 'clamp(24px, 5vw, 96px)',
            minHeight: 'calc(100dvh - 120px)',
          }}
        >
          <Box w="min(70vh, 88vw)" h="min(70vh, 88vw)">
            {opened && (
              <QrCode
                testId="projector-qr"
                text={link}
                label={intl.formatMessage({ id: 'session.joinQrLabel' })}
              />
            )}
          </Box>
          <Stack gap="md" align="center" miw={0}>
            <Text fz="clamp(20px, 2.2vw, 40px)" c="dimmed" ta="center">
              <FormattedMessage id="session.joinSteps" values={{ site: location.host }} />
            </Text>
            <Text
              ff="monospace"
              fw={800}
              lh={1}
              fz="clamp(56px, 11vw, 220px)"
              style={{ letterSpacing: '0.06em', whiteSpace: 'nowrap' }}
              data-testid="projector-code"
            >
              {formatJoinCode(code)}
            </Text>
            <Text
              fz="clamp(16px, 1.6vw, 30px)"
              c="dimmed"
              ff="monospace"
              ta="center"
              style={{ overflowWrap: 'anywhere' }}
            >
              {link}
            </Text>
          </Stack>
        </Box>
      </Modal>
    </>
  );
}
