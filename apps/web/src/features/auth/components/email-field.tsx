import type { ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import { TextField } from '../../../ui/text-field.tsx';

type Props = Omit<ComponentProps<typeof TextField>, 'label' | 'name' | 'type'>;

/** The e-mail input of the auth forms: keyboard, autofill and no auto-capitalisation set once. */
export function EmailField(props: Props) {
  const { t } = useTranslation();
  return (
    <TextField
      label={t('auth.fields.email')}
      name="email"
      type="email"
      inputMode="email"
      autoComplete="email"
      autoCapitalize="none"
      spellCheck={false}
      aria-required="true"
      {...props}
    />
  );
}
