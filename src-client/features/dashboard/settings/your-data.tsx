import {
  Alert,
  Button,
  Card,
  Group,
  PasswordInput,
  Stack,
  Text,
  TextInput,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { IconDatabaseExport, IconDownload, IconTrash } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { accountDeletionRefusal } from '../../../../src-shared/rules/delete-confirmation';
import type { CurrentUser } from '../../../auth';
import { paths } from '../../../paths';
import { trpc } from '../../../trpc';
import { toastError } from '../../../ui/notify';

/** Saves `data` as a JSON file named `name` (the browser's download). */
function saveJson(data: unknown, name: string) {
  const url = URL.createObjectURL(new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/**
 * "Your data" (docs/accounts.md): download everything the product keeps of the account as JSON,
 * and delete the account after typing its address again (and the password). A refusal says why
 * and deletes nothing; once deleted, the person is signed out and lands on the home page.
 */
export function YourData({ user }: { user: CurrentUser }) {
  const intl = useIntl();
  const utils = trpc.useUtils();
  const [downloading, setDownloading] = useState(false);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [emailError, setEmailError] = useState<string>();
  const remove = trpc.account.delete.useMutation({
    // A fresh load of the home page: signed out (the session is gone with the account), and nothing
    // of the account left in the page's memory.
    onSuccess: () => window.location.assign(paths.home()),
    onError: (error) => {
      if (error.data?.messageId === 'account.yourData.errEmail')
        setEmailError(intl.formatMessage({ id: 'account.yourData.errEmail' }));
      else toastError(intl, error);
    },
  });

  const download = async () => {
    setDownloading(true);
    try {
      const data = await utils.account.data.fetch(undefined, { staleTime: 0 });
      saveJson(data, `my-data-${new Date().toISOString().slice(0, 10)}.json`);
    } catch (error) {
      toastError(intl, error);
    } finally {
      setDownloading(false);
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const refusal = accountDeletionRefusal(email, user.email ?? '');
    setEmailError(refusal ? intl.formatMessage({ id: refusal }) : undefined);
    if (refusal) return;
    remove.mutate({ email, ...(password ? { password } : {}) });
  };

  return (
    <Card withBorder padding="xl" maw={720} id="your-data" data-testid="your-data">
      <Stack gap="lg" maw={560}>
        <Group gap="sm" wrap="nowrap">
          <ThemeIcon size="xl" radius="xl" variant="light">
            <IconDatabaseExport size={26} />
          </ThemeIcon>
          <div>
            <Title order={3}>
              <FormattedMessage id="account.yourData.title" />
            </Title>
            <Text size="sm" c="dimmed">
              <FormattedMessage id="account.yourData.intro" />
            </Text>
          </div>
        </Group>
        <Group>
          <Button
            variant="light"
            leftSection={<IconDownload size={18} />}
            loading={downloading}
            onClick={download}
            data-testid="your-data-download"
          >
            <FormattedMessage id="account.yourData.download" />
          </Button>
        </Group>
        <form onSubmit={submit} noValidate>
          <Stack gap="sm">
            <Title order={4}>
              <FormattedMessage id="account.yourData.deleteTitle" />
            </Title>
            <Alert color="red" variant="light">
              <FormattedMessage id="account.yourData.deleteWarning" />
            </Alert>
            <TextInput
              label={intl.formatMessage({ id: 'account.yourData.typeEmail' }, { email: user.email })}
              value={email}
              onChange={(e) => setEmail(e.currentTarget.value)}
              error={emailError}
              autoComplete="off"
              data-testid="your-data-email"
            />
            <PasswordInput
              label={intl.formatMessage({ id: 'account.yourData.password' })}
              value={password}
              onChange={(e) => setPassword(e.currentTarget.value)}
              autoComplete="current-password"
              data-testid="your-data-password"
            />
            <Group>
              <Button
                type="submit"
                color="red"
                leftSection={<IconTrash size={18} />}
                loading={remove.isPending}
                data-testid="your-data-delete"
              >
                <FormattedMessage id="account.yourData.delete" />
              </Button>
            </Group>
          </Stack>
        </form>
      </Stack>
    </Card>
  );
}
