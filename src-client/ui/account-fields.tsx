import { Select, SimpleGrid, TextInput } from '@mantine/core';
import { useState } from 'react';
import { type IntlShape, useIntl } from 'react-intl';
import {
  ATTRIBUTION_SOURCES,
  type AttributionSource,
  checkAttributionOther,
  checkNamePart,
  fullName,
  isAttributionSource,
  type TextRefusal,
} from '../../src-shared/api/account';
import type { CurrentUser } from '../auth';
import { inputErrorMessage } from './notify';

/** The first and last name a single name suggests: its first word, and the rest. */
function splitName(name: string): [string, string] {
  const [first = '', ...rest] = name.trim().split(/\s+/);
  return [first, rest.join(' ')];
}

type Field = 'firstname' | 'lastname' | 'attributionOther';

/**
 * The answers /setup-account and the profile settings share: first and last name (suggested from
 * the account's name until given), how the user heard of the product (spec point 9) and its words.
 * `refusals` checks them with the server's own rules; `values` is what better-auth's update-user
 * gets (the account's name is made of the two names).
 */
export function useAccountFields(user: CurrentUser) {
  const [suggestedFirst, suggestedLast] = splitName(user.name);
  const [firstname, setFirstname] = useState(user.firstname ?? suggestedFirst);
  const [lastname, setLastname] = useState(user.lastname ?? suggestedLast);
  const [source, setSource] = useState<AttributionSource | null>(
    isAttributionSource(user.attributionSource) ? user.attributionSource : null,
  );
  const [otherText, setOtherText] = useState(user.attributionOtherText ?? '');
  return {
    firstname,
    setFirstname,
    lastname,
    setLastname,
    source,
    setSource,
    otherText,
    setOtherText,
    refusals(intl: IntlShape): Partial<Record<Field, string>> {
      const message = (refusal: TextRefusal | null) =>
        refusal ? inputErrorMessage(intl, refusal) : undefined;
      return {
        firstname: message(checkNamePart(firstname)),
        lastname: message(checkNamePart(lastname)),
        attributionOther: source === 'other' ? message(checkAttributionOther(otherText)) : undefined,
      };
    },
    values() {
      return {
        name: fullName(firstname, lastname),
        firstname: firstname.trim(),
        lastname: lastname.trim(),
        attributionSource: source,
        attributionOtherText: source === 'other' ? otherText.trim() || null : null,
      };
    },
  };
}

type AccountFields = ReturnType<typeof useAccountFields>;

/** First and last name side by side (one above the other on a phone). */
export function NameFields({
  fields,
  errors,
  testIdPrefix,
}: {
  fields: AccountFields;
  errors: Partial<Record<Field, string>>;
  testIdPrefix: string;
}) {
  const intl = useIntl();
  return (
    <SimpleGrid cols={{ base: 1, xs: 2 }}>
      <TextInput
        label={intl.formatMessage({ id: 'account.firstname' })}
        value={fields.firstname}
        onChange={(e) => fields.setFirstname(e.currentTarget.value)}
        error={errors.firstname}
        required
        autoComplete="given-name"
        data-testid={`${testIdPrefix}-firstname`}
      />
      <TextInput
        label={intl.formatMessage({ id: 'account.lastname' })}
        value={fields.lastname}
        onChange={(e) => fields.setLastname(e.currentTarget.value)}
        error={errors.lastname}
        required
        autoComplete="family-name"
        data-testid={`${testIdPrefix}-lastname`}
      />
    </SimpleGrid>
  );
}

/** How the user heard of the product, and the words of an "other" answer. */
export function AttributionFields({
  fields,
  errors,
  testIdPrefix,
}: {
  fields: AccountFields;
  errors: Partial<Record<Field | 'attribution', string>>;
  testIdPrefix: string;
}) {
  const intl = useIntl();
  return (
    <>
      <Select
        label={intl.formatMessage({ id: 'settings.attribution' })}
        placeholder={intl.formatMessage({ id: 'settings.attributionPlaceholder' })}
        data={ATTRIBUTION_SOURCES.map((value) => ({
          value,
          label: intl.formatMessage({ id: `settings.attribution.${value}` }),
        }))}
        value={fields.source}
        onChange={(value) => fields.setSource(isAttributionSource(value) ? value : null)}
        error={errors.attribution}
        clearable
        data-testid={`${testIdPrefix}-attribution`}
      />
      {fields.source === 'other' && (
        <TextInput
          label={intl.formatMessage({ id: 'settings.attributionOther' })}
          value={fields.otherText}
          onChange={(e) => fields.setOtherText(e.currentTarget.value)}
          error={errors.attributionOther}
          data-testid={`${testIdPrefix}-attribution-other`}
        />
      )}
    </>
  );
}
