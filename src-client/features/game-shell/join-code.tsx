import { Box, Button, Center, Group, Loader, Modal, Stack, Text, Title } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { useEffect, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { formatJoinCode, joinCodeOf } from '../../../src-shared/rules/join-code';
import { joinCodeLink } from '../../paths';

/** The QR code's dark modules as one SVG path of unit squares (one element, however many modules). */
function qrPath(modules: { size: number; data: ArrayLike<number> }): string {
  let path = '';
  for (let row = 0; row < modules.size; row++)
    for (let col = 0; col < modules.size; col++)
      if (modules.data[row * modules.size + col]) path += `M${col} ${row}h1v1h-1z`;
  return path;
}

/** Modules of light margin around the code, as the QR standard asks for scanners to find it. */
const QUIET_ZONE = 2;

/** A QR code of `text`, drawn as SVG; the QR library is loaded only when one is shown (also the session lobby's). */
export function QrCode({ text, label }: { text: string; label: string }) {
  const [qr, setQr] = useState<{ size: number; path: string } | null>(null);
  useEffect(() => {
    let current = true;
    import('qrcode').then(({ create }) => {
      const { modules } = create(text, { errorCorrectionLevel: 'M' });
      if (current) setQr({ size: modules.size, path: qrPath(modules) });
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
      data-testid="join-qr"
    >
      <rect x={-QUIET_ZONE} y={-QUIET_ZONE} width={side} height={side} fill="#fff" />
      <path d={qr.path} fill="#000" />
    </svg>
  );
}

/**
 * The instructor's "Show join code" button and what it opens: the game's short code in type big
 * enough to read across a classroom, and a QR code of its join link, for a projector.
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
      <Modal
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
      </Modal>
    </>
  );
}
