/** A join link's QR code (a game's, a session's), for a projector or a phone's camera. */
import { Center, Loader } from '@mantine/core';
import { useEffect, useState } from 'react';
import { loadChunk } from '../load-chunk';

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

/** A QR code of `text`, drawn as SVG; the QR library is loaded only when one is shown. */
export function QrCode({
  text,
  label,
  testId = 'join-qr',
}: {
  text: string;
  label: string;
  testId?: string;
}) {
  const [qr, setQr] = useState<{ size: number; path: string } | null>(null);
  useEffect(() => {
    let current = true;
    loadChunk(() => import('qrcode')).then(({ create }) => {
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
      data-testid={testId}
    >
      <rect x={-QUIET_ZONE} y={-QUIET_ZONE} width={side} height={side} fill="#fff" />
      <path d={qr.path} fill="#000" />
    </svg>
  );
}
