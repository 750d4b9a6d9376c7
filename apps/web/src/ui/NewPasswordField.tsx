import { useTranslation } from '../app/translation.ts';
import { PasswordField, type TextFieldProps } from './fields.tsx';

/**
 * The field where a member chooses a password (signup, reset, change): the browser may offer to
 * make one up, and the rule the server checks is said under it.
 */
export function NewPasswordField(props: TextFieldProps) {
  const { t } = useTranslation();
  return <PasswordField autoComplete="new-password" hint={t('signup.passwordHint')} {...props} />;
}
