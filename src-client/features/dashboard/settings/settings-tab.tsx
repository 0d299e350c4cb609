import { useCurrentUser } from '../../../auth';
import { ProfileForm } from './profile-form';

/** The settings tab: the profile (the tab opens on #profile). */
export function SettingsTab() {
  const { user } = useCurrentUser();
  // The dashboard shows only to a signed-in instructor (features/auth/instructor-only.tsx).
  return user && <ProfileForm user={user} />;
}
