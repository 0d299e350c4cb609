/**
 * The session's join code for a projector: the code in type readable from the back of a room, its
 * QR code and the address to type, on a full-screen dialog the instructor opens from the admin nav.
 */
import { Box, Button, Center, Loader, Modal, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconQrcode } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { formatJoinCode } from '../../../src-shared/rules/join-code';
import { joinCodeLink } from '../../paths';

/** Modules of light margin around the code, as the QR standard asks for scanners to find it. */
const QUIET_ZONE = 2;

/**
 * A QR code of `text` as one SVG path (game-shell/join-code.tsx draws its own the same way; it does
 * not export it and features do not import each other's internals). The library loads on demand.
 */
function ProjectorQrCode({ text, label }: { text: string; label: string }) {
  const [qr, setQr] = useState<{ size: number; path: string } | null>(null);
  useEffect(() => {
    let current = true;
    import('qrcode').then(({ create }) => {
      const { modules } = create(text, { errorCorrectionLevel: 'M' });
      let path = '';
      for (let row = 0; row < modules.size; row++)
        for (let col = 0; col < modules.size; col++)
          if (modules.data[row * modules.size + col]) path += `M${col} ${row}h1v1h-1z`;
      if (current) setQr({ size: modules.size, path });
    });
    return () => {
      current = false;
    };
  }, [text]);
  if (!qr)
    return (
      <Center h="100%">
        <Loader />
      </Center>
    );
  const side = qr.size + 2 * QUIET_ZONE;
  return (
    <svg
      viewBox={`${-QUIET_ZONE} ${-QUIET_ZONE} ${side} ${side}`}
      role="img"
      aria-label={label}
      shapeRendering="crispEdges"
      width="100%"
      height="100%"
      data-testid="projector-qr"
    >
      <rect x={-QUIET_ZONE} y={-QUIET_ZONE} width={side} height={side} fill="#fff" />
      <path d={qr.path} fill="#000" />
    </svg>
  );
}

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
              <ProjectorQrCode text={link} label={intl.formatMessage({ id: 'session.joinQrLabel' })} />
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
