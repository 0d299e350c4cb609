import { Anchor, Button, Card, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { type FormEvent, useEffect, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { HERO_TITLE_MAX, PORTAL_NAME_MAX } from '../../../../src-shared/rules/portal';
import { trpc } from '../../../trpc';
import { Confirm } from '../../../ui/confirm';
import { toastError, toastMessage } from '../../../ui/notify';

/** The refusals shown under the name's field; the others under the title's, or as a toast. */
const NAME_REFUSALS = ['settings.errPortalName', 'settings.errPortalReserved', 'settings.errPortalTaken'];
const TITLE_REFUSALS = ['settings.errPortalHeroTitle'];

const messageIdOf = (error: unknown) => (error as { data?: { messageId?: string } | null }).data?.messageId;

/** Where the portal `name` is reached: a sub-domain of the host this dashboard is served on (docs/portal.md). */
const portalAddress = (name: string) => `${window.location.protocol}//${name}.${window.location.host}`;

/**
 * The settings' "Portal" section (issue 28, item 3): an instructor claims a sub-domain name whose
 * pages show their workspace's look under a hero title of theirs, changes that title, or gives
 * the name up.
 */
export function PortalSettings() {
  const intl = useIntl();
  const utils = trpc.useUtils();
  const mine = trpc.portal.myPortal.useQuery();
  const [name, setName] = useState('');
  const [heroTitle, setHeroTitle] = useState('');
  const [errors, setErrors] = useState<{ name?: string; heroTitle?: string }>({});
  const [releasing, setReleasing] = useState(false);
  const portal = mine.data ?? null;
  useEffect(() => {
    if (portal) setHeroTitle(portal.heroTitle);
  }, [portal]);

  const refused = (error: unknown) => {
    const id = messageIdOf(error);
    if (id && NAME_REFUSALS.includes(id)) return setErrors({ name: intl.formatMessage({ id }) });
    if (id && TITLE_REFUSALS.includes(id)) return setErrors({ heroTitle: intl.formatMessage({ id }) });
    setErrors({});
    toastError(intl, error);
  };
  const done = (id: string) => {
    setErrors({});
    toastMessage(intl, id, 'teal');
    void utils.portal.myPortal.invalidate();
  };
  const claim = trpc.portal.claimPortal.useMutation({
    onSuccess: () => done('settings.portalClaimed'),
    onError: refused,
  });
  const retitle = trpc.portal.setHeroTitle.useMutation({
    onSuccess: () => done('settings.portalSaved'),
    onError: refused,
  });
  const release = trpc.portal.releasePortal.useMutation({
    onSuccess: () => {
      setName('');
      done('settings.portalReleased');
    },
    onError: refused,
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (portal) retitle.mutate({ heroTitle });
    else claim.mutate({ name, heroTitle });
  };

  const titleField = (
    <TextInput
      label={intl.formatMessage({ id: 'settings.portalHeroTitle' })}
      description={intl.formatMessage({ id: 'settings.portalHeroTitleHint' })}
      value={heroTitle}
      onChange={(event) => setHeroTitle(event.currentTarget.value)}
      error={errors.heroTitle}
      maxLength={HERO_TITLE_MAX}
      required
      data-testid="portal-hero-title"
    />
  );
  return (
    <Card withBorder padding="xl" maw={720} data-testid="portal-settings">
      <form onSubmit={submit} noValidate>
        <Stack gap="md" maw={560}>
          <Title order={4}>
            <FormattedMessage id="settings.portalTitle" />
          </Title>
          <Text size="sm" c="dimmed">
            <FormattedMessage id="settings.portalIntro" />
          </Text>
          {portal ? (
            <Text data-testid="portal-address">
              <FormattedMessage
                id="settings.portalAddress"
                values={{
                  address: (
                    <Anchor href={portalAddress(portal.name)} target="_blank" rel="noopener">
                      {portalAddress(portal.name)}
                    </Anchor>
                  ),
                }}
              />
            </Text>
          ) : (
            <TextInput
              label={intl.formatMessage({ id: 'settings.portalName' })}
              description={intl.formatMessage({ id: 'settings.portalNameHint' })}
              value={name}
              onChange={(event) => setName(event.currentTarget.value)}
              error={errors.name}
              maxLength={PORTAL_NAME_MAX}
              required
              autoCapitalize="none"
              spellCheck={false}
              data-testid="portal-name"
            />
          )}
          {titleField}
          <Group gap="sm">
            <Button type="submit" loading={claim.isPending || retitle.isPending} disabled={mine.isPending}>
              <FormattedMessage id={portal ? 'settings.save' : 'settings.portalClaim'} />
            </Button>
            {portal && (
              <Button
                variant="default"
                color="red"
                onClick={() => setReleasing(true)}
                loading={release.isPending}
              >
                <FormattedMessage id="settings.portalRelease" />
              </Button>
            )}
          </Group>
        </Stack>
      </form>
      {portal && (
        <Confirm
          opened={releasing}
          onClose={() => setReleasing(false)}
          title={<FormattedMessage id="settings.portalRelease" />}
          confirmLabel={<FormattedMessage id="settings.portalRelease" />}
          onConfirm={() => release.mutate()}
          testId="portal-release-confirm"
        >
          <Text>
            <FormattedMessage id="settings.portalReleaseQuestion" values={{ name: portal.name }} />
          </Text>
        </Confirm>
      )}
    </Card>
  );
}
