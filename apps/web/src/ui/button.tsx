import type { ButtonHTMLAttributes } from 'react';

interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: 'primary' | 'secondary' | 'danger';
  /** Disables the button and says so to assistive technology while an action runs. */
  busy?: boolean;
}

export function Button({ variant = 'primary', busy = false, disabled, children, className, type = 'button', ...rest }: ButtonProps) {
  return (
    <button {...rest} type={type} className={`button button-${variant}${className ? ` ${className}` : ''}`} disabled={disabled || busy} aria-busy={busy || undefined}>
      {children}
    </button>
  );
}
