import { TextField, type TextFieldProps } from './text-field';

/** A password input (a new one unless `autoComplete` says otherwise), as TextField lays it out. */
export function PasswordField({
  autoComplete = 'new-password',
  ...props
}: Omit<TextFieldProps, 'type'>) {
  return <TextField type="password" autoComplete={autoComplete} {...props} />;
}
