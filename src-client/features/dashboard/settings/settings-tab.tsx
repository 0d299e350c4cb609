import { Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { useCurrentUser } from '../../../auth';
import { ChangeEmailForm } from './change-email-form';
import { ChangePasswordForm } from './change-password-form';
import { DevicesList } from './devices-list';
import { PortalSettings } from './portal-settings';
import { ProfileForm } from './profile-form';
import { YourData } from './your-data';

/** The settings tab: the profile (the tab opens on #profile), the public page (#public-page), the address, the password, the devices, then the account's data. */
/** `publicPage`: the public page's settings (features/portal), which the route composes in. */
export function SettingsTab({ publicPage }: { publicPage: ReactNode }) {
  const { user } = useCurrentUser();
  // The dashboard shows only to a signed-in instructor (features/auth/instructor-only.tsx).
  return (
    user && (
      <Stack gap="lg">
        <ProfileForm user={user} />
        {publicPage}
        <ChangeEmailForm user={user} />
        <ChangePasswordForm />
        <DevicesList />
        <PortalSettings />
        <YourData user={user} />
      </Stack>
    )
  );
}
