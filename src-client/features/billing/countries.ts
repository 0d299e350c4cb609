import { countryNamer } from './format';

/** The countries a buyer may be in: the EU's first (VAT numbers), then the usual others. */
const COUNTRY_CODES = [
  'AT',
  'BE',
  'BG',
  'HR',
  'CY',
  'CZ',
  'DK',
  'EE',
  'FI',
  'FR',
  'DE',
  'GR',
  'HU',
  'IE',
  'IT',
  'LV',
  'LT',
  'LU',
  'MT',
  'NL',
  'PL',
  'PT',
  'RO',
  'SK',
  'SI',
  'ES',
  'SE',
  'AU',
  'BR',
  'CA',
  'CH',
  'CN',
  'GB',
  'IL',
  'IN',
  'IS',
  'JP',
  'KR',
  'LI',
  'MA',
  'MX',
  'NO',
  'NZ',
  'RS',
  'SG',
  'TN',
  'TR',
  'UA',
  'US',
  'ZA',
];

/** The countries with their names in `locale` (Intl.DisplayNames), in that language's order. */
export function countryOptions(locale: string): Array<{ value: string; label: string }> {
  const name = countryNamer(locale);
  return COUNTRY_CODES.map((code) => ({ value: code, label: name(code) })).sort((a, b) =>
    a.label.localeCompare(b.label, locale),
  );
}
