import { IsString, MaxLength, MinLength } from 'class-validator';
import { IDENTITY_MESSAGES as M, PASSWORD_MAX, PASSWORD_MIN } from './messages.js';

/** The one password rule (register, change, reset); `missing` is the text when it is absent. */
export function NewPassword(missing: string): PropertyDecorator {
  return (target, key) => {
    // Registered in the order they are checked: the first failing rule's text is the error.
    IsString({ message: missing })(target, key);
    MinLength(PASSWORD_MIN, { message: M.passwordTooShort })(target, key);
    MaxLength(PASSWORD_MAX, { message: M.passwordTooLong })(target, key);
  };
}
