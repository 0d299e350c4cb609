/**
 * The session's join code for a projector: the code in type readable from the back of a room, its
 * QR code and the address to type, on a full-screen dialog the instructor opens from the admin nav.
 * projector.css sizes them to fit any screen.
 */
import './projector.css';
import { Button, Modal, Title } from '@mantine/core';
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
          <Title order={2} component="span" lineClamp={1}>
            {sessionName}
          </Title>
        }
        closeButtonProps={{ 'aria-label': intl.formatMessage({ id: 'session.closeProjector' }) }}
      >
        <div className="projector" data-testid="projector">
          <div className="projector-qr">
            {opened && (
              <QrCode
                testId="projector-qr"
                text={link}
                label={intl.formatMessage({ id: 'session.joinQrLabel' })}
              />
            )}
          </div>
          <div className="projector-text">
            <div className="projector-steps">
              <FormattedMessage id="session.joinSteps" values={{ site: location.host }} />
            </div>
            <div className="projector-code" data-testid="projector-code">
              {formatJoinCode(code)}
            </div>
            <div className="projector-link">{link}</div>
          </div>
        </div>
      </Modal>
    </>
  );
}
