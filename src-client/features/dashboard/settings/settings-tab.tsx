import { Stack } from '@mantine/core';
import { useCurrentUser } from '../../../auth';
import { ProfileForm } from './profile-form';
import { YourData } from './your-data';

/** The settings tab: the profile (the tab opens on #profile), then the account's data. */
export function SettingsTab() {
  const { user } = useCurrentUser();
  // The dashboard shows only to a signed-in instructor (features/auth/instructor-only.tsx).
  return (
    user && (
      <Stack gap="lg">
        <ProfileForm user={user} />
        <YourData user={user} />
      </Stack>
    )
  );
}
