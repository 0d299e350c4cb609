/**
 * The tracking consent banner (spec points 7, 9): shown once, until the visitor accepts or refuses;
 * the choice is remembered. Accepting sets the 30-day tracking cookie; refusing sets none, and
 * nothing is recorded. A slim bar at the foot of the page, so that on a phone it never covers the
 * join box; a labelled region the keyboard reaches, with two plain buttons.
 */
import { Button, Group, Paper, Text } from '@mantine/core';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { chooseConsent } from '../../consent';

export function ConsentBanner() {
  const intl = useIntl();
  const [open, setOpen] = useState(true);
  if (!open) return null;
  const choose = (choice: 'granted' | 'refused') => {
    chooseConsent(choice);
    setOpen(false);
  };
  return (
    <Paper
      component="section"
      aria-label={intl.formatMessage({ id: 'consent.title' })}
      shadow="md"
      withBorder
      p="xs"
      radius={0}
      data-testid="consent-banner"
      style={{ position: 'fixed', insetInline: 0, bottom: 0, zIndex: 150 }}
    >
      <Group justify="center" gap="xs" wrap="wrap">
        <Text size="sm" style={{ flex: '1 1 260px', maxWidth: 640 }}>
          <FormattedMessage id="consent.text" />
        </Text>
        <Group gap="xs" wrap="nowrap">
          <Button size="xs" variant="default" onClick={() => choose('refused')}>
            <FormattedMessage id="consent.refuse" />
          </Button>
          <Button size="xs" onClick={() => choose('granted')}>
            <FormattedMessage id="consent.accept" />
          </Button>
        </Group>
      </Group>
    </Paper>
  );
}
