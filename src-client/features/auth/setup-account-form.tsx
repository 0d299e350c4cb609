import {
  Anchor,
  Button,
  Center,
  Checkbox,
  Group,
  Paper,
  Radio,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { type FormEvent, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import {
  FAVORITE_GAMES,
  type FavoriteGame,
  isFavoriteGames,
  isProfileType,
  PROFILE_TYPES,
  type ProfileType,
} from '../../../src-shared/api/account';
import { isLocale, LOCALE_NAMES, LOCALES } from '../../../src-shared/rules/locale';
import { authClient, authErrorMessageId, type CurrentUser } from '../../auth';
import { useLocale } from '../../i18n';
import { usePageTitle } from '../../look';
import { paths } from '../../paths';
import { AttributionFields, NameFields, useAccountFields } from '../../ui/account-fields';
import { useFocusFirstError } from '../../ui/focus-first-error';

type Field = 'firstname' | 'lastname' | 'profileType' | 'attributionOther' | 'form';

/**
 * `/setup-account` (spec point 2): what a first sign-in needs, asked once: who the user is, their
 * first and last name (the account's name is made of them: ui/account-fields.tsx), how they heard of the product (spec
 * point 9), the games they mean to run and the interface's language. Every answer but the kind of
 * user and the names may be left for later; all can be changed in the profile settings.
 */
export function SetupAccountForm({ user }: { user: CurrentUser }) {
  const intl = useIntl();
  const { locale, setLocale } = useLocale();
  usePageTitle(intl.formatMessage({ id: 'account.setupTitle' }));
  const fields = useAccountFields(user);
  const [profileType, setProfileType] = useState<ProfileType | null>(
    isProfileType(user.profileType) ? user.profileType : null,
  );
  const [games, setGames] = useState<FavoriteGame[]>(
    isFavoriteGames(user.favoriteGames) ? user.favoriteGames : [],
  );
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [busy, setBusy] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const focusFirstError = useFocusFirstError(formRef);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found: Partial<Record<Field, string>> = {
      ...fields.refusals(intl),
      profileType: profileType ? undefined : intl.formatMessage({ id: 'account.profileTypeRequired' }),
    };
    setErrors(found);
    if (Object.values(found).some(Boolean)) {
      focusFirstError();
      return;
    }
    setBusy(true);
    const result = await authClient
      .updateUser({
        ...fields.values(),
        profileType,
        favoriteGames: games,
        language: locale,
      })
      .catch(() => ({ error: { code: undefined } }));
    setBusy(false);
    if (result.error) {
      setErrors({ form: intl.formatMessage({ id: authErrorMessageId(result.error) }) });
      focusFirstError();
      return;
    }
    // Saved: the session now has a profile type, and the page takes the user on (routes/setup-account.tsx).
  };

  return (
    <Center mih="80vh" py="xl">
      <Paper withBorder shadow="sm" p="xl" w={560} maw="100%">
        <form ref={formRef} onSubmit={submit} noValidate data-testid="setup-account">
          <Stack gap="md">
            <Anchor component={Link} to={paths.home()} fw={800} c="blue.7">
              <FormattedMessage id="app.name" />
            </Anchor>
            <div>
              <Title order={2}>
                <FormattedMessage id="account.setupTitle" />
              </Title>
              <Text size="sm" c="dimmed" mt={4}>
                <FormattedMessage id="account.setupIntro" />
              </Text>
            </div>
            <Radio.Group
              label={intl.formatMessage({ id: 'account.profileType' })}
              value={profileType}
              onChange={(value) => setProfileType(isProfileType(value) ? value : null)}
              error={errors.profileType}
              withAsterisk
            >
              <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs" mt="xs">
                {PROFILE_TYPES.map((type) => (
                  <Radio.Card key={type} value={type} p="sm" radius="md" data-testid={`profile-type-${type}`}>
                    <Group wrap="nowrap" gap="sm">
                      <Radio.Indicator />
                      <Text size="sm">
                        <FormattedMessage id={`account.profileType.${type}`} />
                      </Text>
                    </Group>
                  </Radio.Card>
                ))}
              </SimpleGrid>
            </Radio.Group>
            <NameFields fields={fields} errors={errors} testIdPrefix="setup" />
            <Checkbox.Group
              label={intl.formatMessage({ id: 'account.favoriteGames' })}
              value={games}
              onChange={(value) =>
                setGames(value.filter((game): game is FavoriteGame => isFavoriteGames([game])))
              }
            >
              <Stack gap="xs" mt="xs">
                {FAVORITE_GAMES.map((game) => (
                  <Checkbox
                    key={game}
                    value={game}
                    label={intl.formatMessage({ id: `account.favoriteGames.${game}` })}
                  />
                ))}
              </Stack>
            </Checkbox.Group>
            <AttributionFields fields={fields} errors={errors} testIdPrefix="setup" />
            <Select
              label={intl.formatMessage({ id: 'settings.language' })}
              data={LOCALES.map((code) => ({ value: code, label: LOCALE_NAMES[code] }))}
              value={locale}
              onChange={(code) => isLocale(code) && setLocale(code)}
              allowDeselect={false}
            />
            {errors.form && (
              <Text c="red" size="sm" role="alert">
                {errors.form}
              </Text>
            )}
            <Button type="submit" loading={busy} data-testid="setup-submit">
              <FormattedMessage id="account.setupSubmit" />
            </Button>
          </Stack>
        </form>
      </Paper>
    </Center>
  );
}
