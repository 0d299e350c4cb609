import { useIntl } from 'react-intl';
import { facilityDisplayName } from '../../src-shared/rules/facility-name';

/** A facility's name in the reader's language (src-shared/rules/facility-name.ts). */
export function useFacilityName() {
  const intl = useIntl();
  return (facility: { name: string; type: string }) =>
    facilityDisplayName(facility, (id) => (intl.messages[id] ? intl.formatMessage({ id }) : undefined));
}
