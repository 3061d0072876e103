import type { ReactNode } from 'react';
import { Button, type ButtonProps } from './button.tsx';

/**
 * What could not be loaded, as an alert, with a "Try again" button that asks once more. The caller places and colours
 * it; the words of the button are the same everywhere.
 */
export function RetryAlert({
  children,
  onRetry,
  className,
  messageClassName,
  buttonClassName,
  size = 'md',
}: {
  children: ReactNode;
  onRetry: () => void;
  className?: string;
  messageClassName?: string;
  buttonClassName?: string;
  size?: ButtonProps['size'];
}) {
  return (
    <div role="alert" className={className}>
      <p className={messageClassName}>{children}</p>
      <Button className={buttonClassName} size={size} variant="secondary" onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}
