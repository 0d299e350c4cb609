import { useIntl } from 'react-intl';

type Facility = { name: string; type: string };

/** A facility's role, translated when it is one of the standard kinds, else its given name. */
export function useFacilityName() {
  const intl = useIntl();
  return (facility: Facility) => {
    const id = `facility.${facility.type}`;
    return intl.messages[id] ? intl.formatMessage({ id }) : facility.name;
  };
}
