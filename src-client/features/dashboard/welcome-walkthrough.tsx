import { Button, Group, Modal, Stack, Stepper, Text, ThemeIcon, Title } from '@mantine/core';
import {
  type Icon,
  IconChartBar,
  IconCheck,
  IconPlayerPlay,
  IconPlus,
  IconQrcode,
} from '@tabler/icons-react';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';

const STEPS: Array<{ key: string; icon: Icon; color: string }> = [
  { key: 'create', icon: IconPlus, color: 'blue' },
  { key: 'share', icon: IconQrcode, color: 'teal' },
  { key: 'run', icon: IconPlayerPlay, color: 'orange' },
  { key: 'debrief', icon: IconChartBar, color: 'grape' },
];

/**
 * The onboarding "video" of `?welcomevideo=1` (spec, dashboard intro): the product runs without
 * internet and hosts nothing external, so instead of a video it is a short illustrated walkthrough
 * of a class, one step at a time, mounted (and its code loaded) while it is open. The last step's
 * button (`onDone`) leads to the games.
 */
export function WelcomeWalkthrough({ onClose, onDone }: { onClose: () => void; onDone: () => void }) {
  const intl = useIntl();
  const [active, setActive] = useState(0);
  const last = active === STEPS.length - 1;
  return (
    <Modal
      opened
      onClose={onClose}
      size="lg"
      centered
      title={<Text fw={700}>{intl.formatMessage({ id: 'dashboard.walkthroughTitle' })}</Text>}
    >
      <Stepper
        active={active}
        onStepClick={setActive}
        size="sm"
        iconSize={36}
        completedIcon={<IconCheck size={18} />}
        mb="md"
      >
        {STEPS.map((step) => {
          const StepIcon = step.icon;
          return (
            <Stepper.Step
              key={step.key}
              icon={<StepIcon size={18} />}
              aria-label={intl.formatMessage({ id: `dashboard.walkthrough.${step.key}Title` })}
            >
              <Stack align="center" ta="center" gap="sm" py="lg" data-testid={`walkthrough-${step.key}`}>
                <ThemeIcon size={88} radius={44} variant="light" color={step.color}>
                  <StepIcon size={48} stroke={1.5} />
                </ThemeIcon>
                <Title order={3}>
                  <FormattedMessage id={`dashboard.walkthrough.${step.key}Title`} />
                </Title>
                <Text c="dimmed" maw={440}>
                  <FormattedMessage id={`dashboard.walkthrough.${step.key}Text`} />
                </Text>
              </Stack>
            </Stepper.Step>
          );
        })}
      </Stepper>
      <Group justify="space-between">
        <Button variant="default" disabled={active === 0} onClick={() => setActive(active - 1)}>
          <FormattedMessage id="dashboard.walkthroughBack" />
        </Button>
        <Text size="sm" c="dimmed">
          <FormattedMessage
            id="dashboard.walkthroughProgress"
            values={{ step: active + 1, steps: STEPS.length }}
          />
        </Text>
        {last ? (
          <Button onClick={onDone}>
            <FormattedMessage id="dashboard.walkthroughDone" />
          </Button>
        ) : (
          <Button onClick={() => setActive(active + 1)}>
            <FormattedMessage id="dashboard.walkthroughNext" />
          </Button>
        )}
      </Group>
    </Modal>
  );
}
