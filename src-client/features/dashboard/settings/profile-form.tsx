import { Button, Card, Group, Select, Stack, Text, TextInput, ThemeIcon, Title } from '@mantine/core';
import { IconDeviceFloppy, IconLanguage, IconUserCircle } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import {
  checkPlayerName,
  isProfileType,
  PROFILE_TYPES,
  type ProfileType,
  type TextRefusal,
} from '../../../../src-shared/api/account';
import { isLocale, LOCALE_NAMES, LOCALES } from '../../../../src-shared/rules/locale';
import { authClient, authErrorMessageId, type CurrentUser } from '../../../auth';
import { useLocale } from '../../../i18n';
import { AttributionFields, NameFields, useAccountFields } from '../../../ui/account-fields';
import { inputErrorMessage, TOAST_MS, toastMessage } from '../../../ui/notify';
import { showNotification } from '../../../ui/toasts';

type Field = 'firstname' | 'lastname' | 'profileType' | 'playerName' | 'attribution' | 'attributionOther';

/** Which field a refusal of better-auth's hooks (src-server/auth/account-rules.ts) is about. */
const FIELD_OF_CODE: Record<string, Field> = {
  FIRSTNAME_INVALID: 'firstname',
  LASTNAME_INVALID: 'lastname',
  PROFILE_TYPE_INVALID: 'profileType',
  PLAYER_NAME_INVALID: 'playerName',
  ATTRIBUTION_INVALID: 'attribution',
  ATTRIBUTION_TEXT_INVALID: 'attributionOther',
};

/**
 * The instructor's profile (spec, settings #profile): who they are and their first and last name
 * (the account's name is made of them: /setup-account asked them first), the name they play under, the
 * interface's language (switched and saved at once) and how they heard of the product (spec point
 * 9). Each field is checked with the server's own rules before anything is sent; a refused field
 * shows why beside it and nothing is saved.
 */
export function ProfileForm({ user }: { user: CurrentUser }) {
  const intl = useIntl();
  const { locale, setLocale } = useLocale();
  const fields = useAccountFields(user);
  const [profileType, setProfileType] = useState<ProfileType | null>(
    isProfileType(user.profileType) ? user.profileType : null,
  );
  const [playerName, setPlayerName] = useState(user.playerName ?? '');
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [busy, setBusy] = useState(false);

  const message = (refusal: TextRefusal | null) => (refusal ? inputErrorMessage(intl, refusal) : undefined);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found: Partial<Record<Field, string>> = {
      ...fields.refusals(intl),
      playerName: playerName.trim() ? message(checkPlayerName(playerName)) : undefined,
    };
    setErrors(found);
    if (Object.values(found).some(Boolean)) return;
    setBusy(true);
    const result = await authClient
      .updateUser({
        ...fields.values(),
        ...(profileType ? { profileType } : {}),
        playerName: playerName.trim() || null,
      })
      .catch(() => ({ error: { code: undefined } }));
    setBusy(false);
    if (result.error) {
      const field = result.error.code ? FIELD_OF_CODE[result.error.code] : undefined;
      const text = intl.formatMessage({ id: authErrorMessageId(result.error) });
      if (field) setErrors({ [field]: text });
      else showNotification({ color: 'red', autoClose: TOAST_MS, message: text });
      return;
    }
    toastMessage(intl, 'settings.profileSaved', 'teal');
  };

  return (
    <Card withBorder padding="xl" maw={720} id="profile" data-testid="profile">
      <form onSubmit={submit} noValidate>
        <Stack gap="md" maw={560}>
          <Group gap="sm" wrap="nowrap">
            <ThemeIcon size="xl" radius="xl" variant="light">
              <IconUserCircle size={26} />
            </ThemeIcon>
            <div>
              <Title order={3}>
                <FormattedMessage id="settings.profileTitle" />
              </Title>
              <Text size="sm" c="dimmed">
                <FormattedMessage id="settings.signedInAs" values={{ email: user.email }} />
              </Text>
            </div>
          </Group>
          <Select
            label={intl.formatMessage({ id: 'account.profileType' })}
            data={PROFILE_TYPES.map((value) => ({
              value,
              label: intl.formatMessage({ id: `account.profileType.${value}` }),
            }))}
            value={profileType}
            onChange={(value) => setProfileType(isProfileType(value) ? value : null)}
            error={errors.profileType}
            allowDeselect={false}
            data-testid="profile-type"
          />
          <NameFields fields={fields} errors={errors} testIdPrefix="profile" />
          <TextInput
            label={intl.formatMessage({ id: 'settings.playerName' })}
            description={intl.formatMessage({ id: 'settings.playerNameHint' })}
            value={playerName}
            onChange={(e) => setPlayerName(e.currentTarget.value)}
            error={errors.playerName}
            data-testid="profile-player-name"
          />
          <Select
            label={intl.formatMessage({ id: 'settings.language' })}
            description={intl.formatMessage({ id: 'settings.languageHint' })}
            leftSection={<IconLanguage size={18} />}
            data={LOCALES.map((code) => ({ value: code, label: LOCALE_NAMES[code] }))}
            value={locale}
            onChange={(code) => isLocale(code) && setLocale(code)}
            allowDeselect={false}
            data-testid="profile-language"
          />
          <AttributionFields fields={fields} errors={errors} testIdPrefix="profile" />
          <Group>
            <Button
              type="submit"
              loading={busy}
              leftSection={<IconDeviceFloppy size={18} />}
              data-testid="profile-save"
            >
              <FormattedMessage id="settings.save" />
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
