/**
 * The field of every number a person types. Its text stays exactly as typed (no spinner, no
 * clamping, no reformatting); the one shared reading (src-shared/rules/typed-number.ts) makes it the
 * exact number or a refusal, shown translated under the field as soon as the text changed or the
 * form was submitted. A form sends `useNumberField(...).read.value` only when the reading is one.
 */
import { TextInput, type TextInputProps } from '@mantine/core';
import { useState } from 'react';
import { type IntlShape, useIntl } from 'react-intl';
import {
  type NumberRefusal,
  type NumberRule,
  readTypedNumber,
  stepDecimals,
  type TypedNumber,
} from '../../src-shared/rules/typed-number';

/** A refusal of the shared reading, in the person's language. */
export const numberRefusalMessage = (intl: IntlShape, refusal: Pick<NumberRefusal, 'messageId' | 'values'>) =>
  intl.formatMessage({ id: refusal.messageId }, refusal.values);

export type NumberFieldProps = Omit<TextInputProps, 'value' | 'onChange'> & {
  value: string;
  onChange: (text: string) => void;
  rule: NumberRule;
  /** Whether a refusal shows (once the text changed, or the form was submitted). */
  showRefusal: boolean;
};

export function NumberField({ value, onChange, rule, showRefusal, error, ...props }: NumberFieldProps) {
  const intl = useIntl();
  const read = readTypedNumber(value, rule);
  const refusal = showRefusal && !read.ok ? numberRefusalMessage(intl, read) : undefined;
  return (
    <TextInput
      inputMode={stepDecimals(rule.step ?? 1) > 0 ? 'decimal' : 'numeric'}
      autoComplete="off"
      {...props}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      error={error ?? refusal}
    />
  );
}

/** A typed number's state: its text, its reading, and whether its refusal shows yet. */
export interface NumberFieldState {
  text: string;
  read: TypedNumber;
  /** Shows the refusal, if any (on submit), and gives the number, or null when there is none. */
  submit: () => number | null;
  /** Forgets what was typed: the field shows its starting text again, its refusal hidden. */
  reset: () => void;
  /** What a `NumberField` needs of this state. */
  field: Pick<NumberFieldProps, 'value' | 'onChange' | 'rule' | 'showRefusal'>;
}

/**
 * A number field's state. Until the person types, the field shows `initial`, which may follow the
 * page (the next week still open, the default of the setting chosen); once they type, what they
 * typed stays, whatever the page does.
 */
export function useNumberField(rule: NumberRule, initial: string): NumberFieldState {
  const [typed, setTyped] = useState<string | null>(null);
  const [showRefusal, setShowRefusal] = useState(false);
  const text = typed ?? initial;
  const read = readTypedNumber(text, rule);
  const onChange = (next: string) => {
    setTyped(next);
    setShowRefusal(true);
  };
  return {
    text,
    read,
    submit: () => {
      setShowRefusal(true);
      return read.ok ? read.value : null;
    },
    reset: () => {
      setTyped(null);
      setShowRefusal(false);
    },
    field: { value: text, onChange, rule, showRefusal },
  };
}
