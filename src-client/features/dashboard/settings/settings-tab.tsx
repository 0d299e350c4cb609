import { Stack } from '@mantine/core';
import { useCurrentUser } from '../../../auth';
import { ChangeEmailForm } from './change-email-form';
import { ChangePasswordForm } from './change-password-form';
import { DevicesList } from './devices-list';
import { ProfileForm } from './profile-form';
import { YourData } from './your-data';

/** The settings tab: the profile (the tab opens on #profile), the address, the password, the devices, then the account's data. */
export function SettingsTab() {
  const { user } = useCurrentUser();
  // The dashboard shows only to a signed-in instructor (features/auth/instructor-only.tsx).
  return (
    user && (
      <Stack gap="lg">
        <ProfileForm user={user} />
        <ChangeEmailForm user={user} />
        <ChangePasswordForm />
        <DevicesList />
        <YourData user={user} />
      </Stack>
    )
  );
}
